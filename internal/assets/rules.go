package assets

import (
	"fmt"
	"net/textproto"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Custom redirects and headers: the _redirects and _headers files of the assets
// folder (https://developers.cloudflare.com/workers/static-assets/redirects/ and
// .../headers/), which the archive holds as they are and Cut parses (ParseRedirects,
// ParseHeaders) into Config.Redirects and Config.Headers. They apply to what the assets answer, never to
// the Worker's responses: a redirect rule matches before the assets are looked up
// (whether or not an asset matches the path), and the header rules that match the
// path edit every response the assets give.

// RedirectsFile and HeadersFile are the files of the assets folder's root that hold
// the rules: Build stores them as the other files, and Cut parses them into
// Config.Redirects and Config.Headers instead of serving them.
const (
	RedirectsFile = "_redirects"
	HeadersFile   = "_headers"
)

// Limits of the rules, as Cloudflare's (workers-shared's constants): a longer line or
// a rule past a limit is skipped, with a warning.
const (
	// MaxRuleLine is the longest line of a _redirects or _headers file, in bytes.
	MaxRuleLine = 2000
	// MaxStaticRedirects and MaxDynamicRedirects bound the rules of _redirects
	// without and with a splat (*) or a placeholder (:name) in their source.
	MaxStaticRedirects  = 2000
	MaxDynamicRedirects = 100
	// MaxHeaderRules bounds the rules (paths) of _headers.
	MaxHeaderRules = 100
)

// Redirect is a rule of _redirects: a request whose path matches From is redirected,
// with Status, to To, or with Status 200 answered with the asset at To's path (a
// rewrite: the URL the client sees does not change).
type Redirect struct {
	// From is a path ("/old"), percent-encoded as a URL's; "*" matches any characters
	// (then ":splat" in To names them) and ":name" one segment, "/" excluded.
	From string `json:"from"`
	// To is a path with query and fragment, or an https:// URL; its ":splat" and
	// ":name" are what From matched.
	To string `json:"to"`
	// Status is one of 200, 301, 302 (the default), 303, 307 and 308.
	Status int `json:"status"`
}

// HeaderRule is a rule of _headers: a response of the assets to a request whose path
// matches Path has the headers of Unset removed, then those of Set set.
type HeaderRule struct {
	// Path is a path as Redirect.From, or an https://HOST/PATH URL that matches the
	// request's host too.
	Path string `json:"path"`
	// Set are the headers to set, [name in lowercase, value] in the file's order; a
	// value's ":splat" and ":name" are what Path matched. The first rule that sets a
	// name replaces the response's; later ones add to it.
	Set [][2]string `json:"set,omitempty"`
	// Unset are the names of the headers to remove, in lowercase.
	Unset []string `json:"unset,omitempty"`
}

var (
	placeholder    = regexp.MustCompile(`:([A-Za-z]\w*)`)
	redirectStatus = map[int]bool{200: true, 301: true, 302: true, 303: true, 307: true, 308: true}
	httpsURL       = regexp.MustCompile(`^https://+([^/]+)/?(.*)$`)
	toIndex        = regexp.MustCompile(`/index(\.html)?$`)
	withPort       = regexp.MustCompile(`:\d+$`)
	withScheme     = regexp.MustCompile(`^[^\s]+://`)
)

// ParseRedirects reads a _redirects file as Cloudflare does: a line "SOURCE
// DESTINATION [STATUS]", # for comments. SOURCE is a path ("old" is "/old"),
// DESTINATION a path or an https:// URL, STATUS one of 200, 301, 302 (the default),
// 303, 307 and 308; a rule with a splat or placeholder in SOURCE is dynamic, and so are
// all the rules after it. htmlHandling is the Config's, which makes "/ /index" a loop.
// A line that is not such a rule, a duplicate SOURCE, a 200 to another host, a rule
// that loops ("/* /index.html"), and the rules past MaxStaticRedirects or
// MaxDynamicRedirects are skipped, each with a warning "_redirects:LINE: why".
func ParseRedirects(text, htmlHandling string) (rules []Redirect, warnings []string) {
	seen := map[string]bool{}
	static, dynamic, canStatic := 0, 0, true
	lines := strings.Split(text, "\n")
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		warn := func(format string, a ...any) {
			warnings = append(warnings, fmt.Sprintf("_redirects:%d: ", i+1)+fmt.Sprintf(format, a...))
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if len(line) > MaxRuleLine {
			warn("longer than %d bytes", MaxRuleLine)
			continue
		}
		tokens := strings.Fields(line)
		for j := 2; j < len(tokens); j++ {
			if strings.HasPrefix(tokens[j], "#") {
				tokens = tokens[:j]
				break
			}
		}
		if len(tokens) < 2 || len(tokens) > 3 {
			warn("want SOURCE DESTINATION [STATUS], not %d words", len(tokens))
			continue
		}
		if httpsURL.MatchString(tokens[0]) {
			warn("the source %s is not a path: only paths are redirected", tokens[0])
			continue
		}
		from, err := rulePath(tokens[0], false)
		if err != nil {
			warn("source %s: %v", tokens[0], err)
			continue
		}
		if canStatic && !strings.Contains(from, "*") && !placeholder.MatchString(from) {
			if static++; static > MaxStaticRedirects {
				warn("more than %d static redirects", MaxStaticRedirects)
				continue
			}
		} else {
			canStatic = false
			if dynamic++; dynamic > MaxDynamicRedirects {
				warn("more than %d dynamic redirects: the %d lines left are skipped", MaxDynamicRedirects, len(lines)-i)
				break
			}
		}
		to, err := ruleDestination(tokens[1])
		if err != nil {
			warn("destination %s: %v", tokens[1], err)
			continue
		}
		status := 302
		if len(tokens) == 3 {
			if status, err = strconv.Atoi(tokens[2]); err != nil || !redirectStatus[status] {
				warn("the status is one of 200, 301, 302 (the default), 303, 307 and 308, not %s", tokens[2])
				continue
			}
		}
		relative := !httpsURL.MatchString(to)
		if relative && toIndex.MatchString(to) && (strings.HasSuffix(from, "/*") || strings.HasSuffix(from, "/") && htmlHandling != HTMLNone) {
			warn("%s to %s loops: html_handling redirects %s back to the source", from, to, to)
			continue
		}
		if seen[from] {
			warn("a second rule for %s", from)
			continue
		}
		if status == 200 && !relative {
			warn("a 200 (rewrite) goes to a path of the assets, not to %s", to)
			continue
		}
		if err := checkPattern(from); err != nil {
			warn("source %s: %v", from, err)
			continue
		}
		seen[from] = true
		rules = append(rules, Redirect{From: from, To: to, Status: status})
	}
	return rules, warnings
}

// ParseHeaders reads a _headers file as Cloudflare does: a line that starts with "/"
// (or https://) is a path, and the lines after it, "Name: value" or "! Name", set or
// remove a header of the responses to it (the values of a name given twice are joined
// with ", "); # for comments. A line that is neither, a path without headers, and the
// rules past MaxHeaderRules are skipped, each with a warning "_headers:LINE: why".
func ParseHeaders(text string) (rules []HeaderRule, warnings []string) {
	var cur *HeaderRule
	curLine := 0
	flush := func() {
		if cur == nil {
			return
		}
		if len(cur.Set) == 0 && len(cur.Unset) == 0 {
			warnings = append(warnings, fmt.Sprintf("_headers:%d: no headers for %s", curLine, cur.Path))
		} else {
			rules = append(rules, *cur)
		}
		cur = nil
	}
	lines := strings.Split(text, "\n")
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		warn := func(format string, a ...any) {
			warnings = append(warnings, fmt.Sprintf("_headers:%d: ", i+1)+fmt.Sprintf(format, a...))
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if len(line) > MaxRuleLine {
			warn("longer than %d bytes", MaxRuleLine)
			continue
		}
		if line[0] == '/' || withScheme.MatchString(line) {
			flush()
			if len(rules) >= MaxHeaderRules {
				warn("more than %d rules: the %d lines left are skipped", MaxHeaderRules, len(lines)-i)
				break
			}
			p, err := rulePath(line, true)
			if err == nil {
				err = checkPattern(p)
			}
			if err != nil {
				warn("path %s: %v", line, err)
				continue
			}
			cur, curLine = &HeaderRule{Path: p}, i+1
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			unset, isUnset := strings.CutPrefix(line, "! ")
			unset = strings.ToLower(strings.TrimSpace(unset))
			switch {
			case isUnset && cur != nil && validHeaderName(unset):
				cur.Unset = append(cur.Unset, unset)
			case isUnset && cur != nil:
				warn("%q is not a header name", unset)
			case cur == nil:
				warn("want a path, starting with /")
			default:
				warn("want Name: value, or ! Name to remove the header")
			}
			continue
		}
		name, value = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(value)
		switch {
		case !validHeaderName(name):
			warn("%q is not a header name", name)
		case value == "":
			warn("no value for %s", name)
		case strings.ContainsFunc(value, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }):
			warn("the value of %s holds a control character", name)
		case cur == nil:
			warn("a header (%s) before any path", name)
		default:
			if j := indexHeader(cur.Set, name); j >= 0 {
				cur.Set[j][1] += ", " + value
			} else {
				cur.Set = append(cur.Set, [2]string{name, value})
			}
		}
	}
	flush()
	return rules, warnings
}

func indexHeader(set [][2]string, name string) int {
	for i, kv := range set {
		if kv[0] == name {
			return i
		}
	}
	return -1
}

// rulePath is the path of a rule's source as Cloudflare normalizes it (a URL's path:
// percent-encoded, "." and ".." resolved); with host, an https://HOST/PATH stays one,
// without a port.
func rulePath(s string, host bool) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("not UTF-8")
	}
	if m := httpsURL.FindStringSubmatch(s); m != nil {
		if !host {
			return "", fmt.Errorf("only paths")
		}
		if withPort.MatchString(m[1]) {
			return "", fmt.Errorf("a port is not allowed")
		}
		p, err := urlPath("/"+m[2], false)
		return "https://" + m[1] + p, err
	}
	if !host && !strings.HasPrefix(s, "/") {
		s = "/" + s
	}
	if !strings.HasPrefix(s, "/") {
		return "", fmt.Errorf("want a path (starting with /) or an https:// URL")
	}
	return urlPath(s, false)
}

// ruleDestination is a redirect's destination, normalized as rulePath, with its query
// and fragment.
func ruleDestination(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("not UTF-8")
	}
	if m := httpsURL.FindStringSubmatch(s); m != nil {
		p, err := urlPath("/"+m[2], true)
		return "https://" + m[1] + p, err
	}
	if !strings.HasPrefix(s, "/") {
		return "", fmt.Errorf("want a path (starting with /) or an https:// URL")
	}
	return urlPath(s, true)
}

// urlPath normalizes the path p (with its query and fragment when full) as a URL's
// path: percent-encoded, "." and ".." segments resolved.
func urlPath(p string, full bool) (string, error) {
	u, err := url.Parse("relative://host" + p)
	if err != nil {
		return "", fmt.Errorf("not a URL path: %v", err)
	}
	out := u.EscapedPath()
	if strings.Contains(out, "/.") {
		dir := strings.HasSuffix(out, "/") || strings.HasSuffix(out, "/.") || strings.HasSuffix(out, "/..")
		if out = path.Clean(out); dir && out != "/" {
			out += "/"
		}
	}
	if out == "" {
		out = "/"
	}
	if full {
		if u.RawQuery != "" {
			out += "?" + u.RawQuery
		}
		if u.Fragment != "" {
			out += "#" + u.EscapedFragment()
		}
	}
	return out, nil
}

// checkPattern refuses a source that matches nothing on Cloudflare: two splats, or a
// placeholder named twice (its regular expression would not compile there).
func checkPattern(p string) error {
	if strings.Count(p, "*") > 1 {
		return fmt.Errorf("more than one *")
	}
	names := map[string]bool{}
	for _, m := range placeholder.FindAllStringSubmatch(p, -1) {
		if names[m[1]] || m[1] == "splat" && strings.Contains(p, "*") {
			return fmt.Errorf("the placeholder :%s twice", m[1])
		}
		names[m[1]] = true
	}
	return nil
}

func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// rule is a compiled pattern of a redirect or header rule.
type rule struct {
	re    *regexp.Regexp
	host  bool // the pattern is an https://HOST/PATH: it matches "https://" + host + path
	index int  // of the rule in Config.Redirects or Config.Headers
}

// compiledRules are a Set's rules, compiled (compileRules).
type compiledRules struct {
	static   map[string]int // the static redirects by From: their index
	dynamic  []rule         // the other redirects, in order
	headers  []rule
	redirect []Redirect
	header   []HeaderRule
}

// compileRules compiles c's rules, as ParseRedirects and ParseHeaders make them.
func compileRules(c Config) *compiledRules {
	if len(c.Redirects) == 0 && len(c.Headers) == 0 {
		return nil
	}
	cr := &compiledRules{static: map[string]int{}, redirect: c.Redirects, header: c.Headers}
	canStatic := true
	for i, r := range c.Redirects {
		if canStatic && !strings.Contains(r.From, "*") && !placeholder.MatchString(r.From) {
			if _, dup := cr.static[r.From]; !dup {
				cr.static[r.From] = i
			}
			continue
		}
		canStatic = false
		if re, err := ruleRegexp(r.From); err == nil {
			cr.dynamic = append(cr.dynamic, rule{re: re, index: i})
		}
	}
	for i, h := range c.Headers {
		if re, err := ruleRegexp(h.Path); err == nil {
			cr.headers = append(cr.headers, rule{re: re, host: strings.HasPrefix(h.Path, "https://"), index: i})
		}
	}
	return cr
}

// ruleRegexp is a rule's pattern as an anchored regular expression: "*" is the group
// splat (any characters), ":name" the group name (one or more characters but "/",
// and "." too in an https:// URL's host). A pattern that does not compile (which the
// parsers do not make) matches nothing, as on Cloudflare.
func ruleRegexp(pat string) (*regexp.Regexp, error) {
	parts := strings.Split(pat, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	s := strings.Join(parts, "(?P<splat>.*)")
	hostEnd := len(s)
	if strings.HasPrefix(s, "https://") {
		if i := strings.IndexByte(s[len("https://"):], '/'); i >= 0 {
			hostEnd = len("https://") + i
		}
	} else {
		hostEnd = 0
	}
	host := placeholder.ReplaceAllString(s[:hostEnd], `(?P<$1>[^/.]+)`)
	rest := placeholder.ReplaceAllString(s[hostEnd:], `(?P<$1>[^/]+)`)
	return regexp.Compile("^" + host + rest + "$")
}

// matches returns the groups of re that s matches, nil when it does not.
func matches(re *regexp.Regexp, s string) map[string]string {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	out := map[string]string{}
	for i, name := range re.SubexpNames() {
		if name != "" {
			out[name] = m[i]
		}
	}
	return out
}

// replacePlaceholders puts in s the values of its placeholders (":splat", ":name")
// that groups has; the others stay as they are.
func replacePlaceholders(s string, groups map[string]string) string {
	if len(groups) == 0 {
		return s
	}
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := groups[m[1:]]; ok {
			return v
		}
		return m
	})
}

var slashes = regexp.MustCompile(`/+`)

// redirectFor returns the redirect rule that matches the path (percent-encoded) and its
// destination with its placeholders replaced; nil when none matches.
func (cr *compiledRules) redirectFor(path string) (*Redirect, string) {
	if cr == nil {
		return nil, ""
	}
	if i, ok := cr.static[path]; ok {
		return &cr.redirect[i], cr.redirect[i].To
	}
	for _, rl := range cr.dynamic {
		if g := matches(rl.re, path); g != nil {
			r := &cr.redirect[rl.index]
			to := strings.TrimSpace(replacePlaceholders(r.To, g))
			if !strings.Contains(to, "://") {
				to = slashes.ReplaceAllString(to, "/")
			}
			return r, to
		}
	}
	return nil, ""
}

// attachHeaders applies the header rules that match the request's host and path to
// resp, in order.
func (cr *compiledRules) attachHeaders(host, path string, resp *Response) {
	if cr == nil || len(cr.headers) == 0 {
		return
	}
	set := map[string]bool{}
	for _, rl := range cr.headers {
		test := path
		if rl.host {
			test = "https://" + host + path
		}
		g := matches(rl.re, test)
		if g == nil {
			continue
		}
		h := cr.header[rl.index]
		for _, name := range h.Unset {
			resp.Header = deleteHeader(resp.Header, name)
		}
		for _, kv := range h.Set {
			name := textproto.CanonicalMIMEHeaderKey(kv[0])
			if !set[kv[0]] {
				resp.Header = deleteHeader(resp.Header, kv[0])
				set[kv[0]] = true
			}
			resp.Header = append(resp.Header, [2]string{name, replacePlaceholders(kv[1], g)})
		}
	}
}

func deleteHeader(h [][2]string, name string) [][2]string {
	out := h[:0]
	for _, kv := range h {
		if !strings.EqualFold(kv[0], name) {
			out = append(out, kv)
		}
	}
	return out
}

// location is the Location of a redirect to to (a path with query and fragment, or an
// https:// URL) of a request with the query q: the destination's query, or q when it
// has none.
func location(to, q string) string {
	base, frag, _ := strings.Cut(to, "#")
	base, query, _ := strings.Cut(base, "?")
	if query == "" {
		query = q
	}
	out := base
	if query != "" {
		out += "?" + query
	}
	if frag != "" {
		out += "#" + frag
	}
	return out
}
