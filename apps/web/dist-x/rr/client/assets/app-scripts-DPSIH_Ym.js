
var e=`__cedarEarlyPress`,t=`__cedarAppStarted`,n=`__cedarBeforeHydrate`;export{n,e as r,t};