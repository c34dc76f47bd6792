package conformance

// Cases of values as structured clone keeps them in storage, beyond cases_kv.go's: the
// typed arrays of every element type, each class of Error, -0 and NaN where they sit
// inside other values, and keys of the other primitive types.

var _ = register(
	valueCase("int8array", cloneDoc+"an Int8Array keeps its negative elements; "+docKV,
		`{"type":"Int8Array","values":[-128,-1,127]}`, `{"type":"Uint8Array","values":[128,255,127]}`),
	valueCase("uint8clampedarray", cloneDoc+"a Uint8ClampedArray stays a Uint8ClampedArray; "+docKV,
		`{"type":"Uint8ClampedArray","values":[0,128,255]}`, `{"type":"Uint8Array","values":[0,128,255]}`),
	valueCase("int16array", cloneDoc+"an Int16Array keeps its 16-bit elements; "+docKV,
		`{"type":"Int16Array","values":[-32768,1,32767]}`, `{"type":"Uint8Array","values":[0,128,1,0,255,127]}`),
	valueCase("uint16array", cloneDoc+"a Uint16Array keeps its 16-bit elements; "+docKV,
		`{"type":"Uint16Array","values":[0,65535]}`, `{"type":"Int16Array","values":[0,-1]}`),
	valueCase("int32array", cloneDoc+"an Int32Array keeps its 32-bit elements; "+docKV,
		`{"type":"Int32Array","values":[-2147483648,2147483647]}`, `{"type":"Uint32Array","values":[2147483648,2147483647]}`),
	valueCase("uint32array", cloneDoc+"a Uint32Array keeps its 32-bit elements; "+docKV,
		`{"type":"Uint32Array","values":[4294967295,1]}`, `{"type":"Int32Array","values":[-1,1]}`),
	valueCase("float32array", cloneDoc+"a Float32Array keeps -0, NaN and infinities; "+docKV,
		`{"type":"Float32Array","values":["-0","NaN","-Infinity",0.5]}`, `{"type":"Float32Array","values":[0,0,0,0.5]}`),
	valueCase("biguint64array", cloneDoc+"a BigUint64Array keeps 64-bit elements exactly; "+docKV,
		`{"type":"BigUint64Array","values":["18446744073709551615","0"]}`, `{"type":"BigInt64Array","values":["-1","0"]}`),
	valueCase("empty-typed-array", cloneDoc+"an empty Float64Array stays a Float64Array; "+docKV,
		`{"type":"Float64Array","values":[]}`, `{"type":"Uint8Array","values":[]}`),
	valueCaseAs("error-classes", cloneDoc+"EvalError, ReferenceError, SyntaxError and URIError keep their class, name and message; "+docKV,
		`{"type":"Array","items":[{"type":"Error","class":"EvalError","message":"e"},{"type":"Error","class":"ReferenceError","message":"r"},`+
			`{"type":"Error","class":"SyntaxError","message":"s"},{"type":"Error","class":"URIError","message":"u"}]}`,
		`{"type":"Array","items":[{"type":"Error","class":"EvalError","name":"EvalError","message":"e"},{"type":"Error","class":"ReferenceError","name":"ReferenceError","message":"r"},`+
			`{"type":"Error","class":"SyntaxError","name":"SyntaxError","message":"s"},{"type":"Error","class":"URIError","name":"URIError","message":"u"}]}`,
		`{"type":"Array","items":[{"type":"Error","class":"Error","name":"EvalError","message":"e"},{"type":"Error","class":"Error","name":"ReferenceError","message":"r"},`+
			`{"type":"Error","class":"Error","name":"SyntaxError","message":"s"},{"type":"Error","class":"Error","name":"URIError","message":"u"}]}`),
	valueCaseAs("error-plain", cloneDoc+"a plain Error keeps its class, name and message; "+docKV,
		`{"type":"Error","class":"Error","message":"plain"}`,
		`{"type":"Error","class":"Error","name":"Error","message":"plain"}`,
		`{"type":"Object","fields":{}}`),
	valueCase("negative-zero-inside", cloneDoc+"-0 keeps its sign inside an array, an object, a Map and a Set; "+docKV,
		`{"type":"Array","items":[`+num(`"-0"`)+`,{"type":"Object","fields":{"z":`+num(`"-0"`)+`}},`+
			`{"type":"Map","entries":[[`+str(`"k"`)+`,`+num(`"-0"`)+`]]},{"type":"Set","values":[`+num(`"NaN"`)+`]}]}`,
		`{"type":"Array","items":[`+num("0")+`,{"type":"Object","fields":{"z":`+num("0")+`}},`+
			`{"type":"Map","entries":[[`+str(`"k"`)+`,`+num("0")+`]]},{"type":"Set","values":[{"type":"null"}]}]}`),
	valueCaseAs("holes-only", cloneDoc+"an array of holes only keeps its length; "+docKV,
		`{"type":"sparse","length":3,"items":{}}`,
		`{"type":"Array","items":[{"type":"hole"},{"type":"hole"},{"type":"hole"}]}`,
		`{"type":"Array","items":[{"type":"null"},{"type":"null"},{"type":"null"}]}`),
	Case{
		Name:    "kv/key-primitives-converted",
		Fixture: storageFixt,
		Doc:     "workerd: keys of other primitive types (true, a BigInt, -0, NaN) are converted with String(key) (\"true\", \"12\", \"0\", \"NaN\")",
		Steps: []Request{
			stPut(`{"type":"boolean","value":true}`, num("1")), stPut(`{"type":"bigint","value":"12"}`, num("2")),
			stPut(num(`"-0"`), num("3")), stPut(num(`"NaN"`), num("4")), stList(`{}`),
		},
		Check: all(body(0, putAnswer), body(3, putAnswer), field(4, "keys", `["0","12","NaN","true"]`)),
		Wrong: stObs(putAnswer, putAnswer, putAnswer, putAnswer, `{"keys":["-0","12","NaN","true"]}`),
	},
)
