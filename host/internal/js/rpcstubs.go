package js

// StubMethod is the reserved method through which a JavaScript object's RpcTarget or
// function, sent to another object as an argument or a result, is called (runtime.js's
// "RPC stubs"): the input names the target's handle and the member called. No class
// can declare it (jsMethodName refuses "$"), so every JavaScript class accepts it in
// addition to its methods; the instance that sent the target answers it, or fails
// with an Error once it no longer holds that target.
const StubMethod = "$stub"
