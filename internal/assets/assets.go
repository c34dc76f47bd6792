package assets

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// Limits of a set of assets.
const (
	// MaxFiles is the most files a set may hold: Cloudflare's limit per Worker version
	// on its free plan.
	MaxFiles = 20000
	// MaxBytes bounds the sum of the files' sizes, uncompressed: 24 MiB, so that a
	// bundle with its assets fits in an upload (abi.DefaultMaxUploadBytes, 32 MiB)
	// even when the files do not compress. Cloudflare bounds each file at 25 MiB.
	MaxBytes = 24 << 20
)

// Errors of Build and Cut.
var (
	// ErrTooLarge: the files are more than MaxFiles, or their bytes more than MaxBytes.
	ErrTooLarge = errors.New("static assets over the limit")
	// ErrInvalid: a bundle's assets cannot be read (a malformed archive or footer, a
	// file name that is not a clean relative path, an invalid Config).
	ErrInvalid = errors.New("invalid static assets")
)

// The values of Config.HTMLHandling and Config.NotFoundHandling.
const (
	AutoTrailingSlash  = "auto-trailing-slash"
	ForceTrailingSlash = "force-trailing-slash"
	DropTrailingSlash  = "drop-trailing-slash"
	HTMLNone           = "none"

	NotFoundNone = "none"
	NotFound404  = "404-page"
	NotFoundSPA  = "single-page-application"
)

var (
	htmlHandlings     = []string{AutoTrailingSlash, ForceTrailingSlash, DropTrailingSlash, HTMLNone}
	notFoundHandlings = []string{NotFoundNone, NotFound404, NotFoundSPA}
)

// Config is how a Worker's assets are served: wrangler's assets setting, less the
// folder.
type Config struct {
	// Binding names the env binding whose fetch serves the assets to the Worker
	// (env.ASSETS.fetch(request)); empty for none.
	Binding string `json:"binding,omitempty"`
	// HTMLHandling is one of auto-trailing-slash (empty means it), force-trailing-slash,
	// drop-trailing-slash and none: how /a, /a/ and /a.html find a.html or a/index.html
	// (https://developers.cloudflare.com/workers/static-assets/routing/advanced/html-handling/).
	HTMLHandling string `json:"html_handling,omitempty"`
	// NotFoundHandling is one of none (empty means it), 404-page (the nearest 404.html
	// up the path, with status 404) and single-page-application (/index.html, with
	// status 200), for a request no asset matches.
	NotFoundHandling string `json:"not_found_handling,omitempty"`
	// RunWorkerFirst lists the path patterns whose requests go to the Worker before
	// the assets ("/api/*"; "*" matches any characters, "/" included; a pattern that
	// starts with "!" excludes paths and takes precedence); ["/*"] for
	// run_worker_first = true. Empty means assets first for every path.
	RunWorkerFirst []string `json:"run_worker_first,omitempty"`
	// NavigationPrefersAssets says a navigation request (Sec-Fetch-Mode: navigate)
	// that no asset matches gets not_found_handling's page rather than the Worker:
	// Cloudflare's assets_navigation_prefers_asset_serving compatibility flag, on
	// from the compatibility date 2025-04-01.
	NavigationPrefersAssets bool `json:"navigation_prefers_assets,omitempty"`
	// Redirects and Headers are the rules of the folder's _redirects and _headers
	// (RedirectsFile, HeadersFile; rules.go), in their order; nil for none. They are
	// not part of the Config's JSON: the archive holds the two files as they are, and
	// Cut parses them (ParseRedirects, ParseHeaders), so their size is bound by
	// MaxBytes only, and an upload's rules are what the parser makes of them.
	Redirects []Redirect   `json:"-"`
	Headers   []HeaderRule `json:"-"`
}

// Check returns an error wrapping ErrInvalid naming the first field of c with a value
// wrangler does not take.
func (c Config) Check() error {
	if c.HTMLHandling != "" && !contains(htmlHandlings, c.HTMLHandling) {
		return fmt.Errorf("%w: html_handling %q is not one of %s", ErrInvalid, c.HTMLHandling, strings.Join(htmlHandlings, ", "))
	}
	if c.NotFoundHandling != "" && !contains(notFoundHandlings, c.NotFoundHandling) {
		return fmt.Errorf("%w: not_found_handling %q is not one of %s", ErrInvalid, c.NotFoundHandling, strings.Join(notFoundHandlings, ", "))
	}
	for _, p := range c.RunWorkerFirst {
		if !strings.HasPrefix(strings.TrimPrefix(p, "!"), "/") {
			return fmt.Errorf("%w: run_worker_first pattern %q does not start with / (or !/)", ErrInvalid, p)
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// File is one asset.
type File struct {
	// Path is the file's path below the folder, with slashes and no leading one
	// ("index.html", "img/logo.png").
	Path string
	Body []byte
}

// Set is a Worker's assets, parsed: safe for concurrent use, never changed.
type Set struct {
	Config Config
	files  map[string]*entry // by "/" + File.Path
	bytes  int64
	routes []route        // Config.RunWorkerFirst
	rules  *compiledRules // Config.Redirects and Config.Headers; nil for none
}

type entry struct {
	body        []byte
	etag        string // the quoted strong ETag: a hash of the body
	contentType string // "" for a type the file's extension does not tell
}

// Len returns the number of files; Bytes their total size.
func (s *Set) Len() int     { return len(s.files) }
func (s *Set) Bytes() int64 { return s.bytes }

// footerPrefix starts the last line of a bundle with assets, which ends with the
// archive's length as 16 hex digits and "\n".
const footerPrefix = "\n//# sobjectsAssets="

const footerLen = len(footerPrefix) + 16 + 1

// CleanPath reports whether p is a path Build and Cut accept for a file: relative,
// slash-separated, clean (no "." or ".." segment, no empty one), with no NUL or
// backslash.
func CleanPath(p string) bool {
	return p != "" && !strings.HasPrefix(p, "/") && path.Clean(p) == p && p != "." && p != ".." &&
		!strings.HasPrefix(p, "../") && !strings.ContainsAny(p, "\\\x00")
}

// Build returns the archive of files with c, for Append. Files named RedirectsFile
// and HeadersFile hold the rules (Cut parses them; they are not served);
// c.Redirects and c.Headers are not stored.
//
// # Errors
//
// ErrTooLarge past MaxFiles or MaxBytes; ErrInvalid for a path that is not CleanPath
// or an invalid c.
func Build(files []File, c Config) ([]byte, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if len(files) > MaxFiles {
		return nil, fmt.Errorf("%w: %d files, more than %d", ErrTooLarge, len(files), MaxFiles)
	}
	var total int64
	for _, f := range files {
		if !CleanPath(f.Path) {
			return nil, fmt.Errorf("%w: file name %q", ErrInvalid, f.Path)
		}
		if total += int64(len(f.Body)); total > MaxBytes {
			return nil, fmt.Errorf("%w: more than %d bytes (at %s)", ErrTooLarge, MaxBytes, f.Path)
		}
	}
	cfg, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range files {
		fw, err := w.CreateHeader(&zip.FileHeader{Name: f.Path, Method: zip.Deflate})
		if err != nil {
			return nil, err
		}
		if _, err := fw.Write(f.Body); err != nil {
			return nil, err
		}
	}
	if err := w.SetComment(string(cfg)); err != nil {
		return nil, fmt.Errorf("%w: config of %d bytes: %v", ErrInvalid, len(cfg), err)
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Append returns bundle followed by the archive (from Build) and its footer.
func Append(bundle, archive []byte) []byte {
	out := make([]byte, 0, len(bundle)+len(archive)+footerLen)
	out = append(append(out, bundle...), archive...)
	out = append(out, footerPrefix...)
	out = append(out, fmt.Sprintf("%016x", len(archive))...)
	return append(out, '\n')
}

// Split returns bundle without its assets and the archive, nil when it has none.
func Split(bundle []byte) (script, archive []byte, err error) {
	if len(bundle) < footerLen {
		return bundle, nil, nil
	}
	foot := bundle[len(bundle)-footerLen:]
	if !bytes.HasPrefix(foot, []byte(footerPrefix)) || foot[len(foot)-1] != '\n' {
		return bundle, nil, nil
	}
	n, err := strconv.ParseUint(string(foot[len(footerPrefix):len(foot)-1]), 16, 63)
	if err != nil || n > uint64(len(bundle)-footerLen) {
		return nil, nil, fmt.Errorf("%w: footer %q", ErrInvalid, bytes.TrimSpace(foot))
	}
	end := len(bundle) - footerLen
	return bundle[:end-int(n)], bundle[end-int(n) : end], nil
}

// Cut returns bundle without its assets and the assets parsed, nil when it has none.
// The Set's files are copies: it keeps no reference to bundle.
//
// # Errors
//
// ErrInvalid for a malformed archive, footer, config or file name (a file named
// "../x" included); ErrTooLarge past MaxFiles or MaxBytes, checked as the files are
// read, so a small archive of large files fails before it holds them.
func Cut(bundle []byte) ([]byte, *Set, error) {
	script, archive, err := Split(bundle)
	if err != nil || archive == nil {
		return script, nil, err
	}
	s, err := parse(archive)
	if err != nil {
		return nil, nil, err
	}
	return script, s, nil
}

func parse(archive []byte) (*Set, error) {
	zr, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	s := &Set{files: make(map[string]*entry, len(zr.File))}
	if err := json.Unmarshal([]byte(zr.Comment), &s.Config); err != nil {
		return nil, fmt.Errorf("%w: config: %v", ErrInvalid, err)
	}
	if err := s.Config.Check(); err != nil {
		return nil, err
	}
	s.routes = compileRoutes(s.Config.RunWorkerFirst)
	if len(zr.File) > MaxFiles {
		return nil, fmt.Errorf("%w: %d files, more than %d", ErrTooLarge, len(zr.File), MaxFiles)
	}
	for _, f := range zr.File {
		if !CleanPath(f.Name) {
			return nil, fmt.Errorf("%w: file name %q", ErrInvalid, f.Name)
		}
		if _, dup := s.files["/"+f.Name]; dup {
			return nil, fmt.Errorf("%w: file %q twice", ErrInvalid, f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrInvalid, f.Name, err)
		}
		body, err := io.ReadAll(io.LimitReader(rc, MaxBytes-s.bytes+1))
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrInvalid, f.Name, err)
		}
		if s.bytes += int64(len(body)); s.bytes > MaxBytes {
			return nil, fmt.Errorf("%w: more than %d bytes (at %s)", ErrTooLarge, MaxBytes, f.Name)
		}
		switch f.Name {
		case RedirectsFile:
			s.Config.Redirects, _ = ParseRedirects(string(body), s.Config.HTMLHandling)
			continue
		case HeadersFile:
			s.Config.Headers, _ = ParseHeaders(string(body))
			continue
		}
		sum := sha256.Sum256(body)
		s.files["/"+f.Name] = &entry{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, contentType: ContentType(f.Name)}
	}
	s.rules = compileRules(s.Config)
	return s, nil
}
