package host

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
)

// ValidateClassName checks a class name: 1 to 256 bytes of [A-Za-z0-9_.-], starting
// with a letter or digit (a class name is also a directory name).
func ValidateClassName(s string) error {
	if s == "" || len(s) > abi.MaxNameLen {
		return fmt.Errorf("%w: class name must be 1 to %d bytes", ErrInvalidName, abi.MaxNameLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || (i > 0 && (c == '_' || c == '-' || c == '.'))
		if !ok {
			return fmt.Errorf("%w: class name %q: only letters, digits, '_', '-' and '.', starting with a letter or digit", ErrInvalidName, s)
		}
	}
	if strings.Contains(s, "..") {
		return fmt.Errorf("%w: class name %q contains \"..\"", ErrInvalidName, s)
	}
	return nil
}

// MaxObjectNameBytes is the longest name of an object of a JavaScript class, in bytes
// of UTF-8: 16 KiB, room for any name a project makes (a URL's path, a JSON text), and
// still one line of a log and a row of the alarm index. Objects' files are named by
// ObjectID, never by the name, so a name may hold any character.
const MaxObjectNameBytes = 16 << 10

// ValidateObjectName checks the name of an object of a native plugin (a wasm module of
// the sobjects ABI or an Extism plugin): 1 to 256 bytes of UTF-8 without '/', NUL or
// "..". Objects of JavaScript classes take any name (ValidateJSObjectName).
func ValidateObjectName(s string) error {
	switch {
	case s == "" || len(s) > abi.MaxNameLen:
		return fmt.Errorf("%w: object name must be 1 to %d bytes", ErrInvalidName, abi.MaxNameLen)
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: object name is not UTF-8", ErrInvalidName)
	case strings.ContainsAny(s, "/\x00"):
		return fmt.Errorf("%w: object name contains '/' or NUL", ErrInvalidName)
	case strings.Contains(s, ".."):
		return fmt.Errorf("%w: object name contains \"..\"", ErrInvalidName)
	}
	return nil
}

// ValidateJSObjectName checks the name of an object of a JavaScript class: any string
// a script can make (idFromName takes any, as on workerd), as UTF-8 of at most
// MaxObjectNameBytes; the empty name, '/', "..", NUL and every other character
// included.
func ValidateJSObjectName(s string) error {
	switch {
	case len(s) > MaxObjectNameBytes:
		return fmt.Errorf("%w: object name is %d bytes, over %d", ErrInvalidName, len(s), MaxObjectNameBytes)
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: object name is not UTF-8", ErrInvalidName)
	}
	return nil
}

// ObjectID is the id of the object name of class: 32 hex digits of
// SHA-256(class, NUL, name). It names the object's files and picks its worker thread.
func ObjectID(class, name string) string {
	h := sha256.New()
	h.Write([]byte(class))
	h.Write([]byte{0})
	h.Write([]byte(name))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:16])
}

// LeafName is the name of the object that holds the leaves of the splittable object
// name whose bits, without trailing zeros, are objBits (package splitter): name, '/',
// objBits. ValidateObjectName refuses '/', so no ordinary object, of any class and in
// any order of deploys, has a leaf's name or a leaf's database file. objBits must be 1
// to 64 '0'/'1' characters ending in '1'.
func LeafName(name, objBits string) string { return name + "/" + objBits }

// ParseLeafName splits a LeafName into the splittable object's name and the leaf
// object's bits; ok is false for any other string.
func ParseLeafName(s string) (name, objBits string, ok bool) {
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return "", "", false
	}
	name, objBits = s[:i], s[i+1:]
	if ValidateObjectName(name) != nil || objBits == "" || len(objBits) > 64 || objBits[len(objBits)-1] != '1' {
		return "", "", false
	}
	for j := range len(objBits) {
		if objBits[j] != '0' && objBits[j] != '1' {
			return "", "", false
		}
	}
	return name, objBits, true
}

// validateName checks the name of an object of class: an ordinary object name
// (ValidateObjectName), or a LeafName while class is splittable; any name
// (ValidateJSObjectName) for a JavaScript class. ErrInvalidName otherwise.
func (e *Engine) validateName(class, name string) error {
	err := ValidateObjectName(name)
	if err == nil {
		return nil
	}
	if p, perr := e.reg.current(class); perr == nil && p.Info.Kind == KindJS {
		return ValidateJSObjectName(name)
	}
	if _, _, ok := ParseLeafName(name); ok {
		if split, serr := e.Splittable(class); serr == nil && split {
			return nil
		}
		return fmt.Errorf("%w: object name %q is the name of a leaf of a splittable object, and class %s is not splittable", ErrInvalidName, name, class)
	}
	return err
}
