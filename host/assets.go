package host

import "github.com/sobjects/sobjects/internal/assets"

// Assets returns the static assets of class's current version (a JavaScript project's
// assets setting, package internal/assets), or nil when it has none or does not
// exist. The Set is shared and never changes; a deploy of a new version makes the
// next call return that version's. Safe for concurrent use; costs a map lookup.
func (e *Engine) Assets(class string) *assets.Set {
	p, err := e.reg.current(class)
	if err != nil {
		return nil
	}
	if a, ok := p.code.(interface{ Assets() *assets.Set }); ok {
		return a.Assets()
	}
	return nil
}
