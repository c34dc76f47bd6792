package js

import (
	"net/http"

	"github.com/sobjects/sobjects/abi"
)

// The status text of a Response crossing between objects (ABI.md section 7).

// reasonPhrase is the status text a response of another object has for the caller:
// the one it gave (even ""), if it is a reason-phrase (RFC 9110 section 15: tabs,
// spaces, visible characters and U+0080 to U+00FF, as a JavaScript statusText holds
// them), else the status's standard one, as workerd's caller sees over HTTP.
func reasonPhrase(resp abi.FetchResponse) string {
	if !resp.HasStatusText {
		return http.StatusText(resp.Status)
	}
	for _, r := range resp.StatusText {
		if r != '\t' && (r < 0x20 || r == 0x7f || r > 0xff) {
			return http.StatusText(resp.Status)
		}
	}
	return resp.StatusText
}

// givenStatusText reports whether a response of status whose script gave the status
// text text must carry it: not when it is the standard one, which the caller sees
// without it, so that a Response passed on unchanged costs nothing more.
func givenStatusText(status int, text string) bool {
	return text != http.StatusText(status)
}
