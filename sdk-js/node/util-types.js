// node:util/types: util.types.
import { types } from "node:util";
export const { isAnyArrayBuffer, isArrayBuffer, isSharedArrayBuffer, isArrayBufferView, isTypedArray, isUint8Array, isUint8ClampedArray, isUint16Array, isUint32Array, isInt8Array, isInt16Array, isInt32Array, isFloat32Array, isFloat64Array, isBigInt64Array, isBigUint64Array, isDataView, isDate, isRegExp, isMap, isSet, isWeakMap, isWeakSet, isMapIterator, isSetIterator, isPromise, isProxy, isNativeError, isAsyncFunction, isGeneratorFunction, isGeneratorObject, isBoxedPrimitive, isNumberObject, isStringObject, isBooleanObject, isBigIntObject, isSymbolObject, isArgumentsObject, isModuleNamespaceObject, isKeyObject, isCryptoKey, isExternal } = types;
export default types;
