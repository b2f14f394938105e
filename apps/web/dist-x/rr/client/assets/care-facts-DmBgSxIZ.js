
var e={spayNeuterWaitMonths:24,leaveWhelpingDenWeeks:`5-6`,crateTrainedHours:4,openAcres:7,handoverHours:1.5};export{e as t};