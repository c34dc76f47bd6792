package js

import (
	"bytes"
	"context"
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"math/big"
	"strconv"
	"strings"
)

// Host operations of crypto.subtle and of CompressionStream (runtime.js, OP 30 to 44).
//
// The crypto operations take their parameters as JSON in a (the algorithm's name and
// its numbers, normalized by runtime.js), and bytes as ArrayBuffers: b, or the
// arguments after the fourth (read in place). Each returns an ArrayBuffer on success
// and, on failure, a string "Name: message", Name the DOMException's (OperationError,
// NotSupportedError, DataError, ...): a crypto failure is an answer, not a host
// failure, so it needs no pending result and works outside a call too.
//
// Key material lives in the script, inside each CryptoKey (runtime.js keeps it out of
// the script's reach): symmetric keys as their bytes, private keys as PKCS #8 and
// public keys as SPKI (DER). The host keeps no key between calls, so nothing leaks
// when the script drops a key and a snapshot of the engine holds its keys whole.
//
// Like every host operation they run on the goroutine of the instance's call, one at a
// time; the time limit does not interrupt one, so each is bounded (RSA generateKey,
// the slowest, to 4096-bit keys).
const (
	jsOpDigest          = 30 // a: the hash's name; b: the data
	jsOpSign            = 31 // a: params; extra: key, data
	jsOpVerify          = 32 // a: params; extra: key, signature, data; [1] or [0]
	jsOpEncrypt         = 33 // a: params; extra: key, data, iv or counter (RSA-OAEP: label), additional data
	jsOpDecrypt         = 34 // as jsOpEncrypt
	jsOpDeriveBits      = 35 // a: params; extra: key material, salt, info (ECDH, X25519: private key, public key)
	jsOpGenerateKey     = 36 // a: params: random bytes of Length bits, or a private key (PKCS #8)
	jsOpImportKey       = 37 // a: params; b: the key (a JWK as its JSON text)
	jsOpExportKey       = 38 // a: params; b: the key's material
	jsOpPublicKey       = 39 // b: a private key (PKCS #8): its public key (SPKI)
	jsOpCompress        = 40 // a: the format; b: the whole input (hostop_compress.go)
	jsOpDecompress      = 41 // as jsOpCompress
	jsOpTimingSafeEqual = 42 // extra: the two buffers; [1] or [0]
	jsOpRandomBytes     = 43 // a: a count, 0 to 65536: that many random bytes
)

// maxPBKDF2Iterations is the most iterations PBKDF2 runs: Cloudflare's limit (its
// production runtime refuses more with this NotSupportedError; a local workerd does
// not), which also bounds the time one host call takes.
const maxPBKDF2Iterations = 100000

// cryptoParams are the parameters of a crypto operation, from runtime.js.
type cryptoParams struct {
	Name       string // the algorithm: "HMAC", "AES-GCM", "ECDSA", "PBKDF2", ...
	Hash       string // "SHA-256", ...
	Curve      string // "P-256", "P-384", "P-521", or the algorithm's name: "Ed25519", "X25519"
	Format     string // importKey, exportKey: "raw", "jwk", "pkcs8", "spki"
	Type       string // "secret", "public" or "private"
	Length     int    // bits: of a key to generate, of deriveBits (-1: all ECDH gives), of AES-CTR's counter
	TagLength  int    // AES-GCM's tag, in bits (0: 128)
	Iterations int    // PBKDF2
	SaltLength int    // RSA-PSS, in bytes
}

// cryptoError is a failure the script throws as a DOMException named name.
type cryptoError struct{ name, msg string }

func (e *cryptoError) Error() string { return e.name + ": " + e.msg }

func opErr(format string, args ...any) error {
	return &cryptoError{"OperationError", fmt.Sprintf(format, args...)}
}
func dataErr(format string, args ...any) error {
	return &cryptoError{"DataError", fmt.Sprintf(format, args...)}
}
func notSupported(format string, args ...any) error {
	return &cryptoError{"NotSupportedError", fmt.Sprintf(format, args...)}
}

// cryptoOp answers the host operations of this file and hostop_compress.go.
func (js *Instance) cryptoOp(ctx context.Context, op int32) uint64 {
	if op == jsOpCompress || op == jsOpDecompress {
		return js.compressOp(ctx, op)
	}
	out, err := js.cryptoResult(op)
	if err != nil {
		var ce *cryptoError
		if !errors.As(err, &ce) {
			ce = &cryptoError{"OperationError", err.Error()}
		}
		return js.stringOf(ctx, []byte(strings.ReplaceAll(ce.Error(), "\x00", "")))
	}
	return js.arrayBuffer(ctx, out)
}

func (js *Instance) cryptoResult(op int32) ([]byte, error) {
	extra := func(i int) []byte {
		if i < len(js.extra) {
			return js.extra[i]
		}
		return nil
	}
	if op == jsOpDigest {
		h, err := hashOf(string(js.argA), true)
		if err != nil {
			return nil, err
		}
		w := h()
		w.Write(js.argB)
		return w.Sum(js.argA[:0]), nil
	}
	if op == jsOpRandomBytes {
		n, err := strconv.Atoi(string(js.argA))
		if err != nil || n < 0 || n > 65536 {
			return nil, &cryptoError{"QuotaExceededError", "getRandomValues: 0 to 65536 bytes"}
		}
		b := append(js.argA[:0], make([]byte, n)...)
		rand.Read(b)
		return b, nil
	}
	if op == jsOpTimingSafeEqual {
		a, b := extra(0), extra(1)
		if len(a) != len(b) {
			return nil, &cryptoError{"TypeError", "timingSafeEqual: the buffers differ in length"}
		}
		return []byte{byte(subtle.ConstantTimeCompare(a, b))}, nil
	}
	if op == jsOpPublicKey {
		k, err := x509.ParsePKCS8PrivateKey(js.argB)
		if err != nil {
			return nil, dataErr("%v", err)
		}
		priv, ok := k.(privateKey)
		if !ok {
			return nil, dataErr("a private key of type %T", k)
		}
		return x509.MarshalPKIXPublicKey(priv.Public())
	}
	var p cryptoParams
	if err := json.Unmarshal(js.argA, &p); err != nil {
		return nil, opErr("malformed parameters: %v", err)
	}
	switch op {
	case jsOpSign:
		return cryptoSign(&p, extra(0), extra(1))
	case jsOpVerify:
		ok, err := cryptoVerify(&p, extra(0), extra(1), extra(2))
		if ok {
			return []byte{1}, err
		}
		return []byte{0}, err
	case jsOpEncrypt, jsOpDecrypt:
		return cryptoCipher(&p, op == jsOpEncrypt, extra(0), extra(1), extra(2), extra(3))
	case jsOpDeriveBits:
		return cryptoDerive(&p, extra(0), extra(1), extra(2))
	case jsOpGenerateKey:
		return cryptoGenerate(&p)
	case jsOpImportKey:
		return cryptoImport(&p, js.argB)
	case jsOpExportKey:
		return cryptoExport(&p, js.argB)
	}
	return nil, notSupported("unknown crypto operation %d", op)
}

// privateKey is what every private key of PKCS #8 is (crypto.Signer but for ECDH's).
type privateKey interface{ Public() crypto.PublicKey }

// hashOf is the hash named name (MD5 only where md5 is true: digest takes it, as
// workerd's does, and no other operation).
func hashOf(name string, md5ok bool) (func() hash.Hash, error) {
	switch strings.ToUpper(name) {
	case "SHA-1":
		return sha1.New, nil
	case "SHA-256":
		return sha256.New, nil
	case "SHA-384":
		return sha512.New384, nil
	case "SHA-512":
		return sha512.New, nil
	case "MD5":
		if md5ok {
			return md5.New, nil
		}
	}
	return nil, notSupported("unrecognized or unimplemented hash algorithm %q", name)
}

// cryptoHash is the crypto.Hash named name, for RSA.
func cryptoHash(name string) (crypto.Hash, error) {
	switch name {
	case "SHA-1":
		return crypto.SHA1, nil
	case "SHA-256":
		return crypto.SHA256, nil
	case "SHA-384":
		return crypto.SHA384, nil
	case "SHA-512":
		return crypto.SHA512, nil
	}
	return 0, notSupported("unrecognized or unimplemented hash algorithm %q", name)
}

// isRSA reports whether name is an RSA algorithm of Web Crypto.
func isRSA(name string) bool {
	return name == "RSASSA-PKCS1-v1_5" || name == "RSA-PSS" || name == "RSA-OAEP"
}

// rsaDigest is the digest of data by p.Hash, and that hash.
func rsaDigest(p *cryptoParams, data []byte) ([]byte, crypto.Hash, error) {
	h, err := cryptoHash(p.Hash)
	if err != nil {
		return nil, 0, err
	}
	w := h.New()
	w.Write(data)
	return w.Sum(nil), h, nil
}

func curveOf(name string) (elliptic.Curve, error) {
	switch name {
	case "P-256":
		return elliptic.P256(), nil
	case "P-384":
		return elliptic.P384(), nil
	case "P-521":
		return elliptic.P521(), nil
	}
	return nil, notSupported("unrecognized or unimplemented named curve %q", name)
}

func cryptoSign(p *cryptoParams, key, data []byte) ([]byte, error) {
	switch p.Name {
	case "HMAC":
		h, err := hashOf(p.Hash, false)
		if err != nil {
			return nil, err
		}
		m := hmac.New(h, key)
		m.Write(data)
		return m.Sum(nil), nil
	case "ECDSA":
		h, err := hashOf(p.Hash, false)
		if err != nil {
			return nil, err
		}
		k, err := x509.ParsePKCS8PrivateKey(key)
		priv, ok := k.(*ecdsa.PrivateKey)
		if err != nil || !ok {
			return nil, dataErr("not an ECDSA private key")
		}
		w := h()
		w.Write(data)
		r, s, err := ecdsa.Sign(rand.Reader, priv, w.Sum(nil))
		if err != nil {
			return nil, opErr("%v", err)
		}
		n := (priv.Curve.Params().BitSize + 7) / 8
		sig := make([]byte, 2*n)
		r.FillBytes(sig[:n])
		s.FillBytes(sig[n:])
		return sig, nil
	case "Ed25519":
		k, err := x509.ParsePKCS8PrivateKey(key)
		priv, ok := k.(ed25519.PrivateKey)
		if err != nil || !ok {
			return nil, dataErr("not an Ed25519 private key")
		}
		return ed25519.Sign(priv, data), nil
	case "RSASSA-PKCS1-v1_5", "RSA-PSS":
		k, err := x509.ParsePKCS8PrivateKey(key)
		priv, ok := k.(*rsa.PrivateKey)
		if err != nil || !ok {
			return nil, dataErr("not an RSA private key")
		}
		digest, h, err := rsaDigest(p, data)
		if err != nil {
			return nil, err
		}
		if p.Name == "RSA-PSS" && p.SaltLength <= 0 {
			return nil, notSupported("RSA-PSS with a saltLength of %d bytes", p.SaltLength) // Go's 0 is "any length"
		}
		var sig []byte
		if p.Name == "RSA-PSS" {
			sig, err = rsa.SignPSS(rand.Reader, priv, h, digest, &rsa.PSSOptions{SaltLength: p.SaltLength})
		} else {
			sig, err = rsa.SignPKCS1v15(rand.Reader, priv, h, digest)
		}
		if err != nil {
			return nil, opErr("%v", err)
		}
		return sig, nil
	}
	return nil, notSupported("sign: unrecognized or unimplemented algorithm %q", p.Name)
}

func cryptoVerify(p *cryptoParams, key, sig, data []byte) (bool, error) {
	switch p.Name {
	case "HMAC":
		want, err := cryptoSign(p, key, data)
		return err == nil && hmac.Equal(want, sig), err
	case "ECDSA":
		h, err := hashOf(p.Hash, false)
		if err != nil {
			return false, err
		}
		k, err := x509.ParsePKIXPublicKey(key)
		pub, ok := k.(*ecdsa.PublicKey)
		if err != nil || !ok {
			return false, dataErr("not an ECDSA public key")
		}
		n := (pub.Curve.Params().BitSize + 7) / 8
		if len(sig) != 2*n {
			return false, nil
		}
		w := h()
		w.Write(data)
		r, s := new(big.Int).SetBytes(sig[:n]), new(big.Int).SetBytes(sig[n:])
		return ecdsa.Verify(pub, w.Sum(nil), r, s), nil
	case "Ed25519":
		k, err := x509.ParsePKIXPublicKey(key)
		pub, ok := k.(ed25519.PublicKey)
		if err != nil || !ok {
			return false, dataErr("not an Ed25519 public key")
		}
		return len(sig) == ed25519.SignatureSize && ed25519.Verify(pub, data, sig), nil
	case "RSASSA-PKCS1-v1_5", "RSA-PSS":
		k, err := x509.ParsePKIXPublicKey(key)
		pub, ok := k.(*rsa.PublicKey)
		if err != nil || !ok {
			return false, dataErr("not an RSA public key")
		}
		digest, h, err := rsaDigest(p, data)
		if err != nil {
			return false, err
		}
		if p.Name == "RSA-PSS" {
			if p.SaltLength <= 0 {
				return false, notSupported("RSA-PSS with a saltLength of %d bytes", p.SaltLength)
			}
			return rsa.VerifyPSS(pub, h, digest, sig, &rsa.PSSOptions{SaltLength: p.SaltLength}) == nil, nil
		}
		return rsa.VerifyPKCS1v15(pub, h, digest, sig) == nil, nil
	}
	return false, notSupported("verify: unrecognized or unimplemented algorithm %q", p.Name)
}

// cryptoCipher is encrypt (seal) or decrypt of AES-GCM, AES-CBC (PKCS #7 padding) and
// AES-CTR (only the counter block's rightmost p.Length bits increment).
func cryptoCipher(p *cryptoParams, seal bool, key, data, iv, aad []byte) ([]byte, error) {
	if p.Name == "RSA-OAEP" {
		return rsaOAEP(p, seal, key, data, iv)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, dataErr("AES key of %d bytes", len(key))
	}
	switch p.Name {
	case "AES-KW":
		if seal {
			return aesKeyWrap(block, data)
		}
		return aesKeyUnwrap(block, data)
	case "AES-GCM":
		tag := p.TagLength
		if tag == 0 {
			tag = 128
		}
		switch tag {
		case 32, 64, 96, 104, 112, 120, 128:
		default:
			return nil, opErr("AES-GCM tagLength %d is not one of 32, 64, 96, 104, 112, 120, 128", tag)
		}
		if len(iv) == 0 {
			return nil, opErr("AES-GCM needs a non-empty iv")
		}
		var aead cipher.AEAD
		if tag == 128 {
			aead, err = cipher.NewGCMWithNonceSize(block, len(iv))
		} else if len(iv) == 12 {
			aead, err = cipher.NewGCMWithTagSize(block, tag/8)
		} else {
			return nil, notSupported("AES-GCM with a %d-bit tag takes a 12-byte iv", tag)
		}
		if err != nil {
			return nil, opErr("%v", err)
		}
		if seal {
			return aead.Seal(nil, iv, data, aad), nil
		}
		out, err := aead.Open(nil, iv, data, aad)
		if err != nil {
			return nil, opErr("decryption failed")
		}
		return out, nil
	case "AES-CBC":
		if len(iv) != aes.BlockSize {
			return nil, opErr("AES-CBC iv must be 16 bytes, not %d", len(iv))
		}
		if seal {
			pad := aes.BlockSize - len(data)%aes.BlockSize
			out := make([]byte, len(data)+pad)
			copy(out, data)
			for i := len(data); i < len(out); i++ {
				out[i] = byte(pad)
			}
			cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, out)
			return out, nil
		}
		if len(data) == 0 || len(data)%aes.BlockSize != 0 {
			return nil, opErr("decryption failed: ciphertext of %d bytes", len(data))
		}
		out := make([]byte, len(data))
		cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, data)
		pad := int(out[len(out)-1])
		if pad == 0 || pad > aes.BlockSize {
			return nil, opErr("decryption failed: bad padding")
		}
		for _, c := range out[len(out)-pad:] {
			if int(c) != pad {
				return nil, opErr("decryption failed: bad padding")
			}
		}
		return out[:len(out)-pad], nil
	case "AES-CTR":
		if len(iv) != aes.BlockSize {
			return nil, opErr("AES-CTR counter must be 16 bytes, not %d", len(iv))
		}
		if p.Length < 1 || p.Length > 128 {
			return nil, opErr("AES-CTR length must be 1 to 128 bits, not %d", p.Length)
		}
		// Only the rightmost p.Length bits count: past their end they wrap to zero, and
		// a message that would reuse a counter block fails.
		blocks := int64((len(data) + aes.BlockSize - 1) / aes.BlockSize)
		span := new(big.Int).Lsh(big.NewInt(1), uint(p.Length))
		if big.NewInt(blocks).Cmp(span) > 0 {
			return nil, opErr("AES-CTR counter of %d bits would repeat over %d blocks", p.Length, blocks)
		}
		whole := new(big.Int).SetBytes(iv)
		ctr := new(big.Int).Mod(whole, span)
		out := make([]byte, len(data))
		first := len(data)
		if left := new(big.Int).Sub(span, ctr); left.Cmp(big.NewInt(blocks)) < 0 {
			first = int(left.Int64()) * aes.BlockSize
		}
		cipher.NewCTR(block, iv).XORKeyStream(out[:first], data[:first])
		if first < len(data) {
			iv2 := new(big.Int).Sub(whole, ctr).FillBytes(make([]byte, aes.BlockSize))
			cipher.NewCTR(block, iv2).XORKeyStream(out[first:], data[first:])
		}
		return out, nil
	}
	return nil, notSupported("encrypt: unrecognized or unimplemented algorithm %q", p.Name)
}

func cryptoDerive(p *cryptoParams, material, salt, info []byte) ([]byte, error) {
	if p.Name == "ECDH" || p.Name == "X25519" {
		return cryptoAgree(p, material, salt)
	}
	if p.Length <= 0 || p.Length%8 != 0 {
		return nil, opErr("length must be a positive multiple of 8, not %d", p.Length)
	}
	h, err := hashOf(p.Hash, false)
	if err != nil {
		return nil, err
	}
	switch p.Name {
	case "PBKDF2":
		if p.Iterations <= 0 {
			return nil, opErr("PBKDF2 iterations must be positive")
		}
		if p.Iterations > maxPBKDF2Iterations {
			return nil, notSupported("Pbkdf2 failed: iteration counts above %d are not supported (requested %d).", maxPBKDF2Iterations, p.Iterations)
		}
		out, err := pbkdf2.Key(h, string(material), salt, p.Iterations, p.Length/8)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return out, nil
	case "HKDF":
		out, err := hkdf.Key(h, material, salt, string(info), p.Length/8)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return out, nil
	}
	return nil, notSupported("deriveBits: unrecognized or unimplemented algorithm %q", p.Name)
}

// cryptoAgree is ECDH's and X25519's deriveBits: the shared secret of the private key
// (PKCS #8) and the public key (SPKI), its first p.Length bits (all when -1).
func cryptoAgree(p *cryptoParams, private, public []byte) ([]byte, error) {
	k, err := x509.ParsePKCS8PrivateKey(private)
	if err != nil {
		return nil, opErr("%v", err)
	}
	pk, err := x509.ParsePKIXPublicKey(public)
	if err != nil {
		return nil, opErr("%v", err)
	}
	priv, ok := ecdhKey(k).(*ecdh.PrivateKey)
	pub, ok2 := ecdhKey(pk).(*ecdh.PublicKey)
	if !ok || !ok2 {
		return nil, &cryptoError{"InvalidAccessError", "not keys of ECDH or X25519"}
	}
	secret, err := priv.ECDH(pub)
	if err != nil {
		return nil, opErr("%v", err)
	}
	if p.Length < 0 {
		return secret, nil
	}
	if p.Length > 8*len(secret) {
		return nil, opErr("length %d is over the %d bits of the shared secret", p.Length, 8*len(secret))
	}
	secret = secret[:(p.Length+7)/8]
	if r := p.Length % 8; r != 0 {
		secret[len(secret)-1] &= byte(0xff << (8 - r))
	}
	return secret, nil
}

// ecdhKey is k as an ECDH key where it is an elliptic curve key, else k.
func ecdhKey(k any) any {
	switch k := k.(type) {
	case *ecdsa.PrivateKey:
		if e, err := k.ECDH(); err == nil {
			return e
		}
	case *ecdsa.PublicKey:
		if e, err := k.ECDH(); err == nil {
			return e
		}
	}
	return k
}

func cryptoGenerate(p *cryptoParams) ([]byte, error) {
	switch p.Name {
	case "RSASSA-PKCS1-v1_5", "RSA-PSS", "RSA-OAEP":
		if p.Length < 1024 || p.Length > 4096 || p.Length%8 != 0 {
			return nil, opErr("RSA modulusLength must be a multiple of 8 from 1024 to 4096, not %d", p.Length)
		}
		k, err := rsa.GenerateKey(rand.Reader, p.Length)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return x509.MarshalPKCS8PrivateKey(k)
	case "X25519":
		k, err := ecdh.X25519().GenerateKey(rand.Reader)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return x509.MarshalPKCS8PrivateKey(k)
	case "ECDSA", "ECDH":
		c, err := curveOf(p.Curve)
		if err != nil {
			return nil, err
		}
		k, err := ecdsa.GenerateKey(c, rand.Reader)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return x509.MarshalPKCS8PrivateKey(k)
	case "Ed25519":
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return x509.MarshalPKCS8PrivateKey(k)
	}
	if p.Length <= 0 || p.Length%8 != 0 || p.Length > 8192 {
		return nil, opErr("key length must be a positive multiple of 8 bits, not %d", p.Length)
	}
	b := make([]byte, p.Length/8)
	rand.Read(b)
	return b, nil
}

// jwk is a JSON Web Key (RFC 7517) as importKey and exportKey read and write it.
type jwk struct {
	Kty string `json:"kty"`
	Crv string `json:"crv,omitempty"`
	K   string `json:"k,omitempty"`
	X   string `json:"x,omitempty"`
	Y   string `json:"y,omitempty"`
	D   string `json:"d,omitempty"`
	N   string `json:"n,omitempty"` // RSA's members (RFC 7518 section 6.3)
	E   string `json:"e,omitempty"`
	P   string `json:"p,omitempty"`
	Q   string `json:"q,omitempty"`
	DP  string `json:"dp,omitempty"`
	DQ  string `json:"dq,omitempty"`
	QI  string `json:"qi,omitempty"`
}

var b64url = base64.RawURLEncoding

func cryptoImport(p *cryptoParams, b []byte) ([]byte, error) {
	asym := p.Name == "ECDSA" || p.Name == "Ed25519" || p.Name == "ECDH" || p.Name == "X25519" || isRSA(p.Name)
	switch p.Format {
	case "raw":
		if !asym {
			return b, nil
		}
		if isRSA(p.Name) {
			return nil, notSupported("an RSA key does not import from raw")
		}
		return publicFromRaw(p, b)
	case "pkcs8":
		k, err := x509.ParsePKCS8PrivateKey(b)
		if err != nil || !keyMatches(p, k) {
			return nil, dataErr("not a PKCS #8 %s %s private key", p.Name, p.Curve)
		}
		return b, nil
	case "spki":
		k, err := x509.ParsePKIXPublicKey(b)
		if err != nil || !keyMatches(p, k) {
			return nil, dataErr("not an SPKI %s %s public key", p.Name, p.Curve)
		}
		return b, nil
	case "jwk":
		var j jwk
		if err := json.Unmarshal(b, &j); err != nil {
			return nil, dataErr("malformed JWK: %v", err)
		}
		dec := func(s string) []byte { v, _ := b64url.DecodeString(strings.TrimRight(s, "=")); return v }
		switch {
		case !asym && j.Kty == "oct":
			k, err := b64url.DecodeString(strings.TrimRight(j.K, "="))
			if err != nil {
				return nil, dataErr("JWK k is not base64url")
			}
			return k, nil
		case (p.Name == "ECDSA" || p.Name == "ECDH") && j.Kty == "EC" && j.Crv == p.Curve:
			c, _ := curveOf(p.Curve)
			pub, err := ecdsa.ParseUncompressedPublicKey(c, append(append([]byte{4}, dec(j.X)...), dec(j.Y)...))
			if err != nil {
				return nil, dataErr("JWK x, y: %v", err)
			}
			if j.D == "" {
				return x509.MarshalPKIXPublicKey(pub)
			}
			priv, err := ecdsa.ParseRawPrivateKey(c, dec(j.D))
			if err != nil || !priv.PublicKey.Equal(pub) {
				return nil, dataErr("JWK d does not match x, y")
			}
			return x509.MarshalPKCS8PrivateKey(priv)
		case isRSA(p.Name) && j.Kty == "RSA":
			return rsaFromJWK(&j)
		case p.Name == "X25519" && j.Kty == "OKP" && j.Crv == "X25519":
			pub, err := ecdh.X25519().NewPublicKey(dec(j.X))
			if err != nil {
				return nil, dataErr("JWK x: %v", err)
			}
			if j.D == "" {
				return x509.MarshalPKIXPublicKey(pub)
			}
			priv, err := ecdh.X25519().NewPrivateKey(dec(j.D))
			if err != nil || !priv.PublicKey().Equal(pub) {
				return nil, dataErr("JWK d does not match x")
			}
			return x509.MarshalPKCS8PrivateKey(priv)
		case p.Name == "Ed25519" && j.Kty == "OKP" && j.Crv == "Ed25519":
			x := dec(j.X)
			if len(x) != ed25519.PublicKeySize {
				return nil, dataErr("JWK x of %d bytes", len(x))
			}
			if j.D == "" {
				return x509.MarshalPKIXPublicKey(ed25519.PublicKey(x))
			}
			d := dec(j.D)
			if len(d) != ed25519.SeedSize {
				return nil, dataErr("JWK d of %d bytes", len(d))
			}
			priv := ed25519.NewKeyFromSeed(d)
			if !priv.Public().(ed25519.PublicKey).Equal(ed25519.PublicKey(x)) {
				return nil, dataErr("JWK d does not match x")
			}
			return x509.MarshalPKCS8PrivateKey(priv)
		}
		return nil, dataErr("JWK of kty %q, crv %q does not fit %s", j.Kty, j.Crv, p.Name)
	}
	return nil, notSupported("importKey: format %q for %s", p.Format, p.Name)
}

// rsaFromJWK is the SPKI or PKCS #8 of an RSA JWK (RFC 7518 section 6.3): a private key
// needs d, p and q (Go computes dp, dq and qi itself and checks the key).
func rsaFromJWK(j *jwk) ([]byte, error) {
	num := func(s string) *big.Int {
		v, err := b64url.DecodeString(strings.TrimRight(s, "="))
		if err != nil || len(v) == 0 {
			return nil
		}
		return new(big.Int).SetBytes(v)
	}
	n, e := num(j.N), num(j.E)
	if n == nil || e == nil || !e.IsInt64() || e.Int64() > 1<<31-1 {
		return nil, dataErr("an RSA JWK needs n and e")
	}
	pub := rsa.PublicKey{N: n, E: int(e.Int64())}
	if j.D == "" {
		return x509.MarshalPKIXPublicKey(&pub)
	}
	d, p, q := num(j.D), num(j.P), num(j.Q)
	if d == nil || p == nil || q == nil {
		return nil, notSupported("an RSA private JWK without p and q")
	}
	priv := &rsa.PrivateKey{PublicKey: pub, D: d, Primes: []*big.Int{p, q}}
	if err := priv.Validate(); err != nil {
		return nil, dataErr("RSA JWK: %v", err)
	}
	priv.Precompute()
	return x509.MarshalPKCS8PrivateKey(priv)
}

func publicFromRaw(p *cryptoParams, b []byte) ([]byte, error) {
	if p.Name == "X25519" {
		pub, err := ecdh.X25519().NewPublicKey(b)
		if err != nil {
			return nil, dataErr("X25519 public key: %v", err)
		}
		return x509.MarshalPKIXPublicKey(pub)
	}
	if p.Name == "Ed25519" {
		if len(b) != ed25519.PublicKeySize {
			return nil, dataErr("Ed25519 public key of %d bytes", len(b))
		}
		return x509.MarshalPKIXPublicKey(ed25519.PublicKey(b))
	}
	c, err := curveOf(p.Curve)
	if err != nil {
		return nil, err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(c, b)
	if err != nil {
		return nil, dataErr("%s public key: %v", p.Curve, err)
	}
	return x509.MarshalPKIXPublicKey(pub)
}

// keyMatches reports whether k, parsed from PKCS #8 or SPKI, is of p's algorithm and
// curve.
func keyMatches(p *cryptoParams, k any) bool {
	switch k := k.(type) {
	case *ecdsa.PrivateKey:
		return (p.Name == "ECDSA" || p.Name == "ECDH") && k.Curve.Params().Name == p.Curve
	case *ecdsa.PublicKey:
		return (p.Name == "ECDSA" || p.Name == "ECDH") && k.Curve.Params().Name == p.Curve
	case *ecdh.PrivateKey:
		return p.Name == "X25519" && k.Curve() == ecdh.X25519()
	case *ecdh.PublicKey:
		return p.Name == "X25519" && k.Curve() == ecdh.X25519()
	case ed25519.PrivateKey, ed25519.PublicKey:
		return p.Name == "Ed25519"
	case *rsa.PrivateKey, *rsa.PublicKey:
		return isRSA(p.Name)
	}
	return false
}

// cryptoExport writes the key material b (see the top of this file) in p.Format; a JWK
// as its JSON text with kty, crv and the key's members (runtime.js adds the rest).
func cryptoExport(p *cryptoParams, b []byte) ([]byte, error) {
	if p.Type == "secret" {
		switch p.Format {
		case "raw":
			return b, nil
		case "jwk":
			return json.Marshal(jwk{Kty: "oct", K: b64url.EncodeToString(b)})
		}
		return nil, notSupported("exportKey: format %q for a secret key", p.Format)
	}
	var pub, priv any
	if p.Type == "private" {
		k, err := x509.ParsePKCS8PrivateKey(b)
		if err != nil {
			return nil, opErr("%v", err)
		}
		pk, ok := k.(privateKey)
		if !ok {
			return nil, opErr("a private key of type %T", k)
		}
		priv, pub = k, pk.Public()
	} else {
		k, err := x509.ParsePKIXPublicKey(b)
		if err != nil {
			return nil, opErr("%v", err)
		}
		pub = k
	}
	switch p.Format {
	case "pkcs8", "spki":
		if (p.Format == "pkcs8") != (priv != nil) {
			return nil, &cryptoError{"InvalidAccessError", fmt.Sprintf("a %s key does not export as %s", p.Type, p.Format)}
		}
		return b, nil
	case "raw":
		if priv != nil {
			return nil, &cryptoError{"InvalidAccessError", "a private key does not export as raw"}
		}
		switch k := pub.(type) {
		case *ecdsa.PublicKey:
			return k.Bytes()
		case ed25519.PublicKey:
			return k, nil
		case *ecdh.PublicKey:
			return k.Bytes(), nil
		}
	case "jwk":
		var j jwk
		switch k := pub.(type) {
		case *ecdsa.PublicKey:
			raw, err := k.Bytes()
			if err != nil {
				return nil, opErr("%v", err)
			}
			n := (len(raw) - 1) / 2
			j = jwk{Kty: "EC", Crv: p.Curve, X: b64url.EncodeToString(raw[1 : 1+n]), Y: b64url.EncodeToString(raw[1+n:])}
			if priv != nil {
				d, err := priv.(*ecdsa.PrivateKey).Bytes()
				if err != nil {
					return nil, opErr("%v", err)
				}
				j.D = b64url.EncodeToString(d)
			}
		case *ecdh.PublicKey:
			j = jwk{Kty: "OKP", Crv: "X25519", X: b64url.EncodeToString(k.Bytes())}
			if priv != nil {
				j.D = b64url.EncodeToString(priv.(*ecdh.PrivateKey).Bytes())
			}
		case *rsa.PublicKey:
			j = jwk{Kty: "RSA", N: b64url.EncodeToString(k.N.Bytes()), E: b64url.EncodeToString(big.NewInt(int64(k.E)).Bytes())}
			if priv != nil {
				r := priv.(*rsa.PrivateKey)
				if len(r.Primes) != 2 {
					return nil, notSupported("an RSA key of %d primes does not export as jwk", len(r.Primes))
				}
				enc := func(i *big.Int) string { return b64url.EncodeToString(i.Bytes()) }
				j.D, j.P, j.Q = enc(r.D), enc(r.Primes[0]), enc(r.Primes[1])
				j.DP, j.DQ, j.QI = enc(r.Precomputed.Dp), enc(r.Precomputed.Dq), enc(r.Precomputed.Qinv)
			}
		case ed25519.PublicKey:
			j = jwk{Kty: "OKP", Crv: "Ed25519", X: b64url.EncodeToString(k)}
			if priv != nil {
				j.D = b64url.EncodeToString(priv.(ed25519.PrivateKey).Seed())
			}
		}
		return json.Marshal(j)
	}
	return nil, notSupported("exportKey: format %q for %s", p.Format, p.Name)
}

// rsaOAEP is RSA-OAEP's encrypt (with the public key, SPKI) or decrypt (with the
// private key, PKCS #8).
func rsaOAEP(p *cryptoParams, seal bool, key, data, label []byte) ([]byte, error) {
	h, err := cryptoHash(p.Hash)
	if err != nil {
		return nil, err
	}
	if seal {
		k, err := x509.ParsePKIXPublicKey(key)
		pub, ok := k.(*rsa.PublicKey)
		if err != nil || !ok {
			return nil, dataErr("not an RSA public key")
		}
		out, err := rsa.EncryptOAEP(h.New(), rand.Reader, pub, data, label)
		if err != nil {
			return nil, opErr("%v", err)
		}
		return out, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(key)
	priv, ok := k.(*rsa.PrivateKey)
	if err != nil || !ok {
		return nil, dataErr("not an RSA private key")
	}
	out, err := rsa.DecryptOAEP(h.New(), rand.Reader, priv, data, label)
	if err != nil {
		return nil, opErr("decryption failed")
	}
	return out, nil
}

// kwIV is RFC 3394's default initial value (section 2.2.3.1).
var kwIV = [8]byte{0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6}

// aesKeyWrap is AES Key Wrap (RFC 3394 section 2.2.1) of plain, a multiple of 8 bytes
// and at least 16.
func aesKeyWrap(block cipher.Block, plain []byte) ([]byte, error) {
	if len(plain) < 16 || len(plain)%8 != 0 {
		return nil, opErr("AES-KW wraps a multiple of 8 bytes, at least 16, not %d", len(plain))
	}
	n := len(plain) / 8
	out := make([]byte, 8+len(plain))
	copy(out, kwIV[:])
	copy(out[8:], plain)
	var b [16]byte
	for j := range 6 {
		for i := 1; i <= n; i++ {
			copy(b[:8], out[:8])
			copy(b[8:], out[8*i:8*i+8])
			block.Encrypt(b[:], b[:])
			t := uint64(n*j + i)
			for k := range 8 {
				b[7-k] ^= byte(t >> (8 * k))
			}
			copy(out[:8], b[:8])
			copy(out[8*i:], b[8:])
		}
	}
	return out, nil
}

// aesKeyUnwrap is AES Key Unwrap (RFC 3394 section 2.2.2): OperationError when the
// integrity check fails.
func aesKeyUnwrap(block cipher.Block, wrapped []byte) ([]byte, error) {
	if len(wrapped) < 24 || len(wrapped)%8 != 0 {
		return nil, opErr("AES-KW unwraps a multiple of 8 bytes, at least 24, not %d", len(wrapped))
	}
	n := len(wrapped)/8 - 1
	out := bytes.Clone(wrapped)
	var b [16]byte
	for j := 5; j >= 0; j-- {
		for i := n; i >= 1; i-- {
			copy(b[:8], out[:8])
			t := uint64(n*j + i)
			for k := range 8 {
				b[7-k] ^= byte(t >> (8 * k))
			}
			copy(b[8:], out[8*i:8*i+8])
			block.Decrypt(b[:], b[:])
			copy(out[:8], b[:8])
			copy(out[8*i:], b[8:])
		}
	}
	if subtle.ConstantTimeCompare(out[:8], kwIV[:]) != 1 {
		return nil, opErr("AES-KW: the integrity check failed")
	}
	return out[8:], nil
}
