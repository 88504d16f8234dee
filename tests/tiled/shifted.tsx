<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="shifted" tilewidth="16" tileheight="16" tilecount="16" columns="8">
 <tileoffset x="4" y="-3"/>
 <image source="tiles.png" width="128" height="32"/>
</tileset>
