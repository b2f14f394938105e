
import{t as e}from"./our-dogs-CuSjR52L.js";function t(t){return e.dogPhotoAlt(t.name,t.color,t.gender)}export{t};