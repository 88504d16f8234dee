<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="t" tilewidth="16" tileheight="16"
 tilecount="2" columns="2">
 <image source="t.png" width="32" height="16"/>
 <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 <tile id="1"><properties><property name="oneway" type="bool" value="true"/></properties></tile>
</tileset>
