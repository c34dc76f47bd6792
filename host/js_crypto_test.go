package host

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// jsCrypto runs crypto.subtle on the vectors the tests give it: each method returns
// its results as lowercase hex, booleans, or the name of what it threw.
const jsCrypto = `
const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
const unhex = (s) => Uint8Array.from({ length: s.length / 2 }, (_, i) => parseInt(s.substr(2 * i, 2), 16));
const bytes = (s) => (typeof s === "string" && /^(hex:)/.test(s) ? unhex(s.slice(4)) : new TextEncoder().encode(s));
const caught = async (f) => { try { return await f(); } catch (e) { return e.name; } };
const subtle = crypto.subtle;
class Crypto extends DurableObject {
  async digest(algs, data) {
    const out = {};
    for (const a of algs) out[a] = await caught(async () => hex(await subtle.digest(a, bytes(data))));
    return out;
  }
  async hmac(hash, key, data) {
    const k = await subtle.importKey("raw", bytes(key), { name: "HMAC", hash }, true, ["sign", "verify"]);
    const sig = await subtle.sign("HMAC", k, bytes(data));
    const other = bytes(data + "!");
    return { sig: hex(sig), verifies: await subtle.verify("HMAC", k, sig, bytes(data)), other: await subtle.verify("HMAC", k, sig, other),
      length: k.algorithm.length, jwk: (await subtle.exportKey("jwk", k)).alg };
  }
  async cipher(name, key, params, plain) {
    const k = await subtle.importKey("raw", bytes(key), name, false, ["encrypt", "decrypt"]);
    const p = { name };
    for (const [f, v] of Object.entries(params)) p[f] = typeof v === "string" ? bytes(v) : v;
    const sealed = await subtle.encrypt(p, k, bytes(plain));
    const opened = await subtle.decrypt(p, k, sealed);
    const tampered = new Uint8Array(sealed.slice(0)); tampered[0] ^= 1;
    return { sealed: hex(sealed), opened: hex(opened), isArrayBuffer: sealed instanceof ArrayBuffer,
      tampered: await caught(async () => hex(await subtle.decrypt(p, k, tampered))),
      exported: await caught(() => subtle.exportKey("raw", k)) };
  }
  async derive(name, hash, secret, params, length) {
    const k = await subtle.importKey("raw", bytes(secret), name, false, ["deriveBits", "deriveKey"]);
    const p = { name, hash };
    for (const [f, v] of Object.entries(params)) p[f] = typeof v === "string" ? bytes(v) : v;
    const bits = hex(await subtle.deriveBits(p, k, length));
    const aes = await subtle.deriveKey(p, k, { name: "AES-GCM", length: 128 }, true, ["encrypt"]);
    return { bits, key: hex(await subtle.exportKey("raw", aes)), keyAlgorithm: aes.algorithm };
  }
  async signVerify(alg, hash) {
    const { privateKey, publicKey } = await subtle.generateKey(alg, true, ["sign", "verify"]);
    const p = { name: alg.name, hash };
    const data = bytes("message");
    const sig = await subtle.sign(p, privateKey, data);
    const spki = await subtle.exportKey("spki", publicKey);
    const pub2 = await subtle.importKey("spki", spki, alg, true, ["verify"]);
    const jwk = await subtle.exportKey("jwk", privateKey);
    const priv2 = await subtle.importKey("jwk", jwk, alg, false, ["sign"]);
    const sig2 = await subtle.sign(p, priv2, data);
    return { sigLength: sig.byteLength, verifies: await subtle.verify(p, publicKey, sig, data),
      reimported: await subtle.verify(p, pub2, sig2, data), other: await subtle.verify(p, publicKey, sig, bytes("messagf")),
      types: [privateKey.type, publicKey.type], usages: [privateKey.usages, publicKey.usages], kty: jwk.kty, alg: jwk.alg ?? null,
      publicSigns: await caught(() => subtle.sign(p, publicKey, data)) };
  }
  async ed25519Known(d, x, msg) {
    const b64url = (s) => btoa(String.fromCharCode(...unhex(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const k = await subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", d: b64url(d), x: b64url(x) }, "Ed25519", false, ["sign"]);
    const pub = await subtle.importKey("raw", unhex(x), "Ed25519", true, ["verify"]);
    const sig = await subtle.sign("Ed25519", k, bytes(msg));
    return { sig: hex(sig), verifies: await subtle.verify("Ed25519", pub, sig, bytes(msg)), raw: hex(await subtle.exportKey("raw", pub)) };
  }
  async x25519Known(aliceD, aliceX, bobX) {
    const b64url = (s) => btoa(String.fromCharCode(...unhex(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const alice = await subtle.importKey("jwk", { kty: "OKP", crv: "X25519", d: b64url(aliceD), x: b64url(aliceX) }, "X25519", true, ["deriveBits"]);
    const bob = await subtle.importKey("raw", unhex(bobX), { name: "X25519" }, true, []);
    return { shared: hex(await subtle.deriveBits({ name: "X25519", public: bob }, alice, 256)),
      short: hex(await subtle.deriveBits({ name: "X25519", public: bob }, alice, 12)), jwkD: (await subtle.exportKey("jwk", alice)).d === b64url(aliceD) };
  }
  async ecdh(curve) {
    const alg = { name: "ECDH", namedCurve: curve };
    const a = await subtle.generateKey(alg, false, ["deriveBits", "deriveKey"]), b = await subtle.generateKey(alg, false, ["deriveBits"]);
    const ab = await subtle.deriveBits({ name: "ECDH", public: b.publicKey }, a.privateKey, null);
    const ba = await subtle.deriveBits({ name: "ECDH", public: a.publicKey }, b.privateKey, null);
    const key = await subtle.deriveKey({ name: "ECDH", public: b.publicKey }, a.privateKey, { name: "AES-GCM", length: 256 }, true, ["encrypt"]);
    return { agree: hex(ab) === hex(ba), bits: ab.byteLength * 8, keyMatches: hex(await subtle.exportKey("raw", key)) === hex(ab),
      publicUsages: a.publicKey.usages, withPublic: await caught(() => subtle.deriveBits({ name: "ECDH", public: b.privateKey }, a.privateKey, 256)) };
  }
  async keyWrap(kek, key) {
    const wrapping = await subtle.importKey("raw", unhex(kek), "AES-KW", false, ["wrapKey", "unwrapKey"]);
    const k = await subtle.importKey("raw", unhex(key), "AES-GCM", true, ["encrypt"]);
    const wrapped = await subtle.wrapKey("raw", k, wrapping, "AES-KW");
    const back = await subtle.unwrapKey("raw", wrapped, wrapping, "AES-KW", "AES-GCM", true, ["encrypt"]);
    const bad = new Uint8Array(wrapped.slice(0)); bad[3] ^= 1;
    return { wrapped: hex(wrapped), back: hex(await subtle.exportKey("raw", back)),
      tampered: await caught(() => subtle.unwrapKey("raw", bad, wrapping, "AES-KW", "AES-GCM", true, ["encrypt"])) };
  }
  async rsa(pkcs8, spki, message) {
    const data = bytes(message);
    const pss = { name: "RSA-PSS", hash: "SHA-256" }, pkcs1 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, oaep = { name: "RSA-OAEP", hash: "SHA-256" };
    const k1 = await subtle.importKey("pkcs8", unhex(pkcs8), pkcs1, true, ["sign"]);
    const k2 = await subtle.importKey("pkcs8", unhex(pkcs8), pss, false, ["sign"]);
    const pub = await subtle.importKey("spki", unhex(spki), oaep, true, ["encrypt"]);
    const jwk = await subtle.exportKey("jwk", k1);
    const k3 = await subtle.importKey("jwk", jwk, pkcs1, false, ["sign"]);
    const label = bytes("label");
    return { pkcs1: hex(await subtle.sign(pkcs1, k1, data)), pkcs1JWK: hex(await subtle.sign(pkcs1, k3, data)),
      pss: hex(await subtle.sign({ name: "RSA-PSS", saltLength: 32 }, k2, data)),
      oaep: hex(await subtle.encrypt({ name: "RSA-OAEP", label }, pub, data)),
      modulusLength: k1.algorithm.modulusLength, publicExponent: Array.from(pub.algorithm.publicExponent), alg: [jwk.kty, jwk.alg, (await subtle.exportKey("jwk", pub)).alg] };
  }
  async rsaGenerated() {
    const alg = { name: "RSA-OAEP", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-1" };
    const { privateKey, publicKey } = await subtle.generateKey(alg, false, ["encrypt", "decrypt"]);
    const sealed = await subtle.encrypt({ name: "RSA-OAEP" }, publicKey, bytes("hello"));
    const bad = new Uint8Array(sealed.slice(0)); bad[5] ^= 1;
    return { opened: new TextDecoder().decode(await subtle.decrypt({ name: "RSA-OAEP" }, privateKey, sealed)), length: sealed.byteLength,
      usages: [privateKey.usages, publicKey.usages], tampered: await caught(() => subtle.decrypt({ name: "RSA-OAEP" }, privateKey, bad)),
      exponent3: await caught(() => subtle.generateKey({ ...alg, publicExponent: new Uint8Array([3]) }, false, ["encrypt", "decrypt"])) };
  }
  async errors() {
    const hmac = await subtle.importKey("raw", bytes("key"), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    const aes = await subtle.generateKey({ name: "AES-GCM", length: 128 }, false, ["encrypt"]);
    const iv = new Uint8Array(12);
    return {
      signWithVerifyKey: await caught(() => subtle.sign("HMAC", hmac, bytes("x"))),
      decryptWithEncryptKey: await caught(() => subtle.decrypt({ name: "AES-GCM", iv }, aes, new Uint8Array(32))),
      wrongAlgorithm: await caught(() => subtle.encrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, aes, bytes("x"))),
      exportNotExtractable: await caught(() => subtle.exportKey("raw", aes)),
      unknownAlgorithm: await caught(() => subtle.digest("SHA-3", bytes("x"))),
      unknownHash: await caught(() => subtle.importKey("raw", bytes("k"), { name: "HMAC", hash: "MD5" }, false, ["sign"])),
      badUsage: await caught(() => subtle.importKey("raw", bytes("k"), { name: "HMAC", hash: "SHA-1" }, false, ["encrypt"])),
      badAESLength: await caught(() => subtle.importKey("raw", new Uint8Array(15), "AES-GCM", false, ["encrypt"])),
      keyOps: await caught(() => subtle.importKey("jwk", { kty: "oct", k: "a2V5", key_ops: ["verify"] }, { name: "HMAC", hash: "SHA-256" }, false, ["sign"])),
      tooManyIterations: await caught(async () => subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(8), iterations: 100001 },
        await subtle.importKey("raw", bytes("pw"), "PBKDF2", false, ["deriveBits"]), 256)),
      rejects: subtle.digest("nope", bytes("x")).catch(() => {}) instanceof Promise,
      isDOMException: await subtle.sign("HMAC", hmac, bytes("x")).catch((e) => e instanceof DOMException),
    };
  }
  async random() {
    const buf = new Uint8Array(40);
    const view = new Uint32Array(buf.buffer, 8, 4);
    const r = crypto.getRandomValues(view);
    const a = crypto.getRandomValues(new Uint8Array(65536)), b = crypto.getRandomValues(new Uint8Array(65536));
    return { same: r === view, outside: buf.slice(0, 8).every((x) => x === 0) && buf.slice(24).every((x) => x === 0),
      filled: view.some((x) => x !== 0), differ: a.some((x, i) => x !== b[i]),
      tooBig: await caught(() => crypto.getRandomValues(new Uint8Array(65537))), float: await caught(() => crypto.getRandomValues(new Float64Array(2))) };
  }
  // bench runs what BenchmarkJSCrypto measures on n bytes made once per object.
  async bench(what, n) {
    if (!this.data || this.data.length !== n) {
      this.data = new Uint8Array(n).fill(7);
      this.key = await subtle.importKey("raw", new Uint8Array(16), "AES-GCM", false, ["encrypt"]);
    }
    if (what === "digest") return (await subtle.digest("SHA-256", this.data)).byteLength;
    return (await subtle.encrypt({ name: "AES-GCM", iv: new Uint8Array(12) }, this.key, this.data)).byteLength;
  }
  async timingSafeEqual() {
    const t = subtle.timingSafeEqual;
    return { equal: t(bytes("same"), bytes("same")), differ: t(bytes("same"), bytes("diff")),
      views: t(new Uint8Array([1, 2, 3]).subarray(1), new Uint8Array([2, 3]).buffer), lengths: await caught(() => t(bytes("a"), bytes("ab"))) };
  }
}
return { Crypto };`

// cryptoRun calls method of the Crypto class with args and decodes its result.
func cryptoRun(t *testing.T, method string, args ...any) map[string]any {
	t.Helper()
	e := newEngine(t, Options{})
	deployJS(t, e, "Crypto", jsBundle("", jsCrypto))
	in := ""
	if len(args) == 1 {
		b, _ := json.Marshal(args[0])
		in = string(b)
	} else if len(args) > 1 {
		b, _ := json.Marshal(map[string]any{"$t": "args", "v": args})
		in = string(b)
	}
	out := jsMust(t, e, "Crypto", "c", method, in)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%s: %s: %v", method, out, err)
	}
	return m
}

// want fails the test for each field of got that differs from want's.
func want(t *testing.T, what string, got map[string]any, want map[string]any) {
	t.Helper()
	for k, w := range want {
		gb, _ := json.Marshal(got[k])
		wb, _ := json.Marshal(w)
		if !bytes.Equal(gb, wb) {
			t.Errorf("%s: %s = %s, want %s", what, k, gb, wb)
		}
	}
}

// crypto.subtle.digest gives the FIPS 180-2 values of "abc" for each SHA, and MD5's of
// RFC 1321, as workerd allows it; an unknown name is NotSupportedError.
func TestJSCryptoDigestKnownAnswers(t *testing.T) {
	got := cryptoRun(t, "digest", []string{"SHA-1", "sha-256", "SHA-384", "SHA-512", "MD5", "SHA-3"}, "abc")
	want(t, "digest", got, map[string]any{
		"SHA-1":   "a9993e364706816aba3e25717850c26c9cd0d89d",
		"sha-256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"SHA-384": "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
		"SHA-512": "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
		"MD5":     "900150983cd24fb0d6963f7d28e17f72",
		"SHA-3":   "NotSupportedError",
	})
}

// HMAC signs to the values of RFC 2202 and RFC 4231 (test case 2, key "Jefe"), and
// verify accepts the signed message only.
func TestJSCryptoHMACKnownAnswers(t *testing.T) {
	for _, c := range []struct{ hash, sig, alg string }{
		{"SHA-1", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", "HS1"},
		{"SHA-256", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "HS256"},
		{"SHA-512", "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737", "HS512"},
	} {
		got := cryptoRun(t, "hmac", c.hash, "Jefe", "what do ya want for nothing?")
		want(t, "HMAC "+c.hash, got, map[string]any{"sig": c.sig, "verifies": true, "other": false, "length": 32, "jwk": c.alg})
	}
}

// AES-GCM, AES-CBC and AES-CTR encrypt to the NIST values (GCM: McGrew and Viega's test
// case 2 and 4, with additional data; CBC and CTR: SP 800-38A F.2.1 and F.5.1), decrypt
// back, and a tampered ciphertext fails with OperationError (CTR has no integrity: it
// decrypts to other bytes).
func TestJSCryptoAESKnownAnswers(t *testing.T) {
	const nistKey = "hex:2b7e151628aed2a6abf7158809cf4f3c"
	const nistPlain = "hex:6bc1bee22e409f96e93d7e117393172a"
	gcm4Key := "hex:feffe9928665731c6d6a8f9467308308"
	gcm4Plain := "hex:d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
	for _, c := range []struct {
		name, alg, key string
		params         map[string]any
		plain, sealed  string
		tampered       string
	}{
		{"GCM2", "AES-GCM", "hex:00000000000000000000000000000000", map[string]any{"iv": "hex:000000000000000000000000"},
			"hex:00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf", "OperationError"},
		{"GCM4", "AES-GCM", gcm4Key, map[string]any{"iv": "hex:cafebabefacedbaddecaf888", "additionalData": "hex:feedfacedeadbeeffeedfacedeadbeefabaddad2"},
			gcm4Plain, "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e0915bc94fbc3221a5db94fae95ae7121a47", "OperationError"},
		{"GCM4-96", "AES-GCM", gcm4Key, map[string]any{"iv": "hex:cafebabefacedbaddecaf888", "additionalData": "hex:feedfacedeadbeeffeedfacedeadbeefabaddad2", "tagLength": 96},
			gcm4Plain, "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e0915bc94fbc3221a5db94fae95a", "OperationError"},
		{"CBC", "AES-CBC", nistKey, map[string]any{"iv": "hex:000102030405060708090a0b0c0d0e0f"},
			nistPlain, "7649abac8119b246cee98e9b12e9197d8964e0b149c10b7b682e6e39aaeb731c", "OperationError"},
		{"CTR", "AES-CTR", nistKey, map[string]any{"counter": "hex:f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "length": 64},
			nistPlain, "874d6191b620e3261bef6864990db6ce", "6ac1bee22e409f96e93d7e117393172a"},
	} {
		got := cryptoRun(t, "cipher", c.alg, c.key, c.params, c.plain)
		want(t, c.name, got, map[string]any{"sealed": c.sealed, "opened": c.plain[4:], "isArrayBuffer": true,
			"tampered": c.tampered, "exported": "InvalidAccessError"})
	}
}

// AES-CTR counts in the rightmost length bits of the counter only: past their end they
// wrap to zero, leaving the bits before them as they are.
func TestJSCryptoAESCTRCounterWraps(t *testing.T) {
	// With 8 counter bits at ff, the second block uses ...00 (not the next 128-bit
	// number, ...0100): it encrypts as a message that starts at that counter.
	got := cryptoRun(t, "cipher", "AES-CTR", "hex:2b7e151628aed2a6abf7158809cf4f3c",
		map[string]any{"counter": "hex:000000000000000000000000000001ff", "length": 8}, "hex:"+string(bytes.Repeat([]byte("00"), 32)))
	second := cryptoRun(t, "cipher", "AES-CTR", "hex:2b7e151628aed2a6abf7158809cf4f3c",
		map[string]any{"counter": "hex:00000000000000000000000000000100", "length": 8}, "hex:"+string(bytes.Repeat([]byte("00"), 16)))
	sealed, _ := got["sealed"].(string)
	if len(sealed) != 64 || sealed[32:] != second["sealed"] {
		t.Errorf("the block after counter ...01ff with 8 counter bits is %s, want that of ...0100, %s", sealed, second["sealed"])
	}
}

// PBKDF2 derives the bits of RFC 6070 (SHA-1) and of RFC 7914 section 11 (SHA-256),
// HKDF those of RFC 5869 test case 1; deriveKey makes an AES key of the first bits.
func TestJSCryptoKDFKnownAnswers(t *testing.T) {
	for _, c := range []struct {
		name, alg, hash, secret string
		params                  map[string]any
		length                  int
		bits                    string
	}{
		{"PBKDF2-SHA1-1", "PBKDF2", "SHA-1", "password", map[string]any{"salt": "salt", "iterations": 1}, 160, "0c60c80f961f0e71f3a9b524af6012062fe037a6"},
		{"PBKDF2-SHA1-4096", "PBKDF2", "SHA-1", "password", map[string]any{"salt": "salt", "iterations": 4096}, 160, "4b007901b765489abead49d926f721d065a429c1"},
		{"PBKDF2-SHA256", "PBKDF2", "SHA-256", "passwd", map[string]any{"salt": "salt", "iterations": 1}, 512,
			"55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
		{"HKDF", "HKDF", "SHA-256", "hex:0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
			map[string]any{"salt": "hex:000102030405060708090a0b0c", "info": "hex:f0f1f2f3f4f5f6f7f8f9"}, 336,
			"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
	} {
		got := cryptoRun(t, "derive", c.alg, c.hash, c.secret, c.params, c.length)
		want(t, c.name, got, map[string]any{"bits": c.bits, "key": c.bits[:32],
			"keyAlgorithm": map[string]any{"name": "AES-GCM", "length": 128}})
	}
}

// ECDSA (P-256, P-384) and Ed25519 keys from generateKey sign, and verify accepts the
// signature of the signed message only, also with the keys exported (SPKI, JWK) and
// imported again; a public key does not sign (InvalidAccessError).
func TestJSCryptoSignThenVerify(t *testing.T) {
	for _, c := range []struct {
		name   string
		alg    map[string]any
		hash   string
		length int
		kty    string
		jwkAlg any // the JWK's alg, as workerd gives it
	}{
		{"P-256", map[string]any{"name": "ECDSA", "namedCurve": "P-256"}, "SHA-256", 64, "EC", nil},
		{"P-384", map[string]any{"name": "ECDSA", "namedCurve": "P-384"}, "SHA-384", 96, "EC", nil},
		{"Ed25519", map[string]any{"name": "Ed25519"}, "", 64, "OKP", "EdDSA"},
	} {
		got := cryptoRun(t, "signVerify", c.alg, c.hash)
		want(t, c.name, got, map[string]any{"sigLength": c.length, "verifies": true, "reimported": true, "other": false,
			"types": []string{"private", "public"}, "usages": [][]string{{"sign"}, {"verify"}}, "kty": c.kty, "alg": c.jwkAlg,
			"publicSigns": "InvalidAccessError"})
	}
}

// Ed25519 signs RFC 8032's test 1 (the empty message) to its signature.
func TestJSCryptoEd25519KnownAnswer(t *testing.T) {
	const x = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
	got := cryptoRun(t, "ed25519Known", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", x, "")
	want(t, "Ed25519", got, map[string]any{"verifies": true, "raw": x,
		"sig": "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"})
}

// X25519 agrees on RFC 7748 section 6.1's shared secret (Alice's key as a JWK, Bob's
// raw), and deriveBits of fewer bits gives its first bits.
func TestJSCryptoX25519KnownAnswer(t *testing.T) {
	got := cryptoRun(t, "x25519Known", "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
		"8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a", "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
	want(t, "X25519", got, map[string]any{"shared": "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", "short": "4a50", "jwkD": true})
}

// ECDH keys of generateKey agree from either side, on the curve's size, and deriveKey
// makes a key of those bits; a private key in place of the public one is refused.
func TestJSCryptoECDHAgrees(t *testing.T) {
	for curve, bits := range map[string]int{"P-256": 256, "P-384": 384} {
		got := cryptoRun(t, "ecdh", curve)
		want(t, curve, got, map[string]any{"agree": true, "bits": bits, "keyMatches": bits == 256, "publicUsages": []string{},
			"withPublic": "InvalidAccessError"})
	}
}

// wrapKey with AES-KW gives RFC 3394 section 4.1's value, unwrapKey gives the key back,
// and a tampered wrapping fails its integrity check (OperationError).
func TestJSCryptoAESKeyWrapKnownAnswer(t *testing.T) {
	got := cryptoRun(t, "keyWrap", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff")
	want(t, "AES-KW", got, map[string]any{"wrapped": "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5",
		"back": "00112233445566778899aabbccddeeff", "tampered": "OperationError"})
}

// RSA keys of Go's crypto/rsa import as PKCS #8 and SPKI, and what the script makes with
// them, Go checks: RSASSA-PKCS1-v1_5 and RSA-PSS signatures (also with the key through
// a JWK), RSA-OAEP ciphertext with a label.
func TestJSCryptoRSAInteroperatesWithGo(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pkcs8, _ := x509.MarshalPKCS8PrivateKey(key)
	spki, _ := x509.MarshalPKIXPublicKey(&key.PublicKey)
	got := cryptoRun(t, "rsa", hex.EncodeToString(pkcs8), hex.EncodeToString(spki), "message")
	want(t, "RSA", got, map[string]any{"modulusLength": 2048, "publicExponent": []int{1, 0, 1}, "alg": []string{"RSA", "RS256", "RSA-OAEP-256"}})
	digest := sha256.Sum256([]byte("message"))
	unhex := func(f string) []byte {
		s, _ := got[f].(string)
		b, _ := hex.DecodeString(s)
		return b
	}
	if err := rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], unhex("pkcs1")); err != nil {
		t.Errorf("RSASSA-PKCS1-v1_5 signature: %v", err)
	}
	if !bytes.Equal(unhex("pkcs1"), unhex("pkcs1JWK")) {
		t.Error("the key exported and imported as a JWK signs otherwise")
	}
	if err := rsa.VerifyPSS(&key.PublicKey, crypto.SHA256, digest[:], unhex("pss"), &rsa.PSSOptions{SaltLength: 32}); err != nil {
		t.Errorf("RSA-PSS signature: %v", err)
	}
	if plain, err := rsa.DecryptOAEP(sha256.New(), nil, key, unhex("oaep"), []byte("label")); err != nil || string(plain) != "message" {
		t.Errorf("RSA-OAEP ciphertext decrypts to %q, %v", plain, err)
	}
}

// generateKey makes RSA-OAEP keys (exponent 65537 only: another is OperationError) that encrypt and decrypt, and a
// tampered ciphertext fails with OperationError.
func TestJSCryptoRSAGeneratedKeys(t *testing.T) {
	got := cryptoRun(t, "rsaGenerated")
	want(t, "RSA-OAEP", got, map[string]any{"opened": "hello", "length": 128, "usages": [][]string{{"decrypt"}, {"encrypt"}},
		"tampered": "OperationError", "exponent3": "OperationError"})
}

// crypto.subtle's failures are the DOMExceptions the Web Crypto spec names, as
// rejections of the promises the methods return.
func TestJSCryptoErrorsAreDOMExceptions(t *testing.T) {
	got := cryptoRun(t, "errors")
	want(t, "errors", got, map[string]any{
		"signWithVerifyKey":     "InvalidAccessError",
		"decryptWithEncryptKey": "InvalidAccessError",
		"wrongAlgorithm":        "InvalidAccessError",
		"exportNotExtractable":  "InvalidAccessError",
		"unknownAlgorithm":      "NotSupportedError",
		"unknownHash":           "NotSupportedError",
		"badUsage":              "SyntaxError",
		"badAESLength":          "DataError",
		"keyOps":                "DataError",
		"tooManyIterations":     "NotSupportedError",
		"rejects":               true,
		"isDOMException":        true,
	})
}

// crypto.getRandomValues fills exactly the bytes of the view it is given, up to 65536,
// and throws QuotaExceededError past them (as workerd), TypeError for a float array.
func TestJSCryptoGetRandomValuesFillsTheView(t *testing.T) {
	got := cryptoRun(t, "random")
	want(t, "getRandomValues", got, map[string]any{"same": true, "outside": true, "filled": true, "differ": true,
		"tooBig": "QuotaExceededError", "float": "TypeError"})
}

// crypto.subtle.timingSafeEqual (Cloudflare's) compares buffers and views of equal
// length and throws TypeError for different lengths.
func TestJSCryptoTimingSafeEqual(t *testing.T) {
	got := cryptoRun(t, "timingSafeEqual")
	want(t, "timingSafeEqual", got, map[string]any{"equal": true, "differ": false, "views": true, "lengths": "TypeError"})
}

// jsCompress drives OP.COMPRESS and OP.DECOMPRESS through CompressionStream and
// DecompressionStream (the streams section of runtime.js).
const jsCompress = `
const through = async (stream, bytes) => {
  const w = stream.writable.getWriter();
  w.write(bytes).catch(() => {});
  w.close().catch(() => {});
  const r = stream.readable.getReader(), parts = [];
  for (;;) { const { done, value } = await r.read(); if (done) break; parts.push(value); }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let n = 0;
  for (const p of parts) { out.set(p, n); n += p.length; }
  return out;
};
class Compress extends DurableObject {
  async has() { return typeof CompressionStream === "function" && typeof DecompressionStream === "function"; }
  async roundTrip(format, text) {
    const packed = await through(new CompressionStream(format), new TextEncoder().encode(text));
    return { text: new TextDecoder().decode(await through(new DecompressionStream(format), packed)), smaller: packed.length < text.length };
  }
  async decompress(format, bytes) {
    try { return new TextDecoder().decode(await through(new DecompressionStream(format), bytes)); } catch (e) { return e.name; }
  }
}
return { Compress };`

// CompressionStream and DecompressionStream round-trip each format through the host's
// OP.COMPRESS and OP.DECOMPRESS, read a gzip member of Go's encoder, and fail corrupt
// input with a TypeError.
func TestJSCompressionStreamsUseTheHost(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Compress", jsBundle("", jsCompress))
	if jsMust(t, e, "Compress", "c", "has", "") != "true" {
		t.Skip("no CompressionStream yet: the streams section of runtime.js provides it")
	}
	text := strings.Repeat("compress me ", 200)
	for _, f := range []string{"gzip", "deflate", "deflate-raw"} {
		in, _ := json.Marshal([]string{f, text})
		out := jsMust(t, e, "Compress", "c", "roundTrip", `{"$t":"args","v":`+string(in)+`}`)
		if want := `{"text":"` + text + `","smaller":true}`; out != want {
			t.Errorf("%s round trip: %.80s, want %.80s", f, out, want)
		}
	}
	var member bytes.Buffer
	w := gzip.NewWriter(&member)
	w.Write([]byte("hello, gzip"))
	w.Close()
	corrupt := bytes.Clone(member.Bytes())
	corrupt[len(corrupt)-5] ^= 0xff
	for _, c := range []struct {
		in   []byte
		want string
	}{{member.Bytes(), `"hello, gzip"`}, {corrupt, `"TypeError"`}} {
		in := `{"$t":"args","v":["gzip",{"$t":"Uint8Array","v":"` + base64.StdEncoding.EncodeToString(c.in) + `"}]}`
		if out := jsMust(t, e, "Compress", "c", "decompress", in); out != c.want {
			t.Errorf("DecompressionStream of % x: %s, want %s", c.in[:8], out, c.want)
		}
	}
}

// BenchmarkJSCrypto measures a method that runs crypto.subtle's SHA-256 digest or
// AES-GCM encrypt of n bytes (the call's own cost included): the bytes cross to the
// host as they are, with no per-byte work in the script.
func BenchmarkJSCrypto(b *testing.B) {
	e := newEngine(b, Options{})
	deployJS(b, e, "Crypto", jsBundle("", jsCrypto))
	for _, what := range []string{"digest", "encrypt"} {
		for _, n := range []int{64, 64 << 10, 1 << 20} {
			b.Run(fmt.Sprintf("%s-%d", what, n), func(b *testing.B) {
				in := fmt.Sprintf(`{"$t":"args","v":[%q,%d]}`, what, n)
				if _, err := e.Call(context.Background(), "Crypto", "bench", "bench", []byte(in)); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := e.Call(context.Background(), "Crypto", "bench", "bench", []byte(in)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// The benchmark's method gives the sizes of a SHA-256 digest and of an AES-GCM
// ciphertext (its input and a 16-byte tag).
func TestJSCryptoBenchMethod(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Crypto", jsBundle("", jsCrypto))
	for in, want := range map[string]string{`{"$t":"args","v":["digest",1000]}`: "32", `{"$t":"args","v":["encrypt",1000]}`: "1016"} {
		if out := jsMust(t, e, "Crypto", "bench", "bench", in); out != want {
			t.Errorf("bench(%s) = %s, want %s", in, out, want)
		}
	}
}
