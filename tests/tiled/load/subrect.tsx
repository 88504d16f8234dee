<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="parts" tilewidth="16" tileheight="16" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="16" y="0" width="16" height="16">
  <image source="../parts.png" width="48" height="16"/>
 </tile>
</tileset>
