
var e={photo:`_photo_1oqxb_1`,championFigure:`_championFigure_1oqxb_23`,championStory:`_championStory_1oqxb_34`,later:`_later_1oqxb_51`};export{e as t};