package jsbundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/sobjects/sobjects/internal/assets"
)

// Assets is a project's static assets: wrangler's assets setting
// (https://developers.cloudflare.com/workers/static-assets/binding/), read by Load,
// and the files of its folder, which the bundle carries (package internal/assets).
type Assets struct {
	// Directory is the folder of the files, absolute; empty for a bundle's assets.
	Directory string `json:"directory,omitempty"`
	// Config is how they are served: binding, html_handling, not_found_handling,
	// run_worker_first, and whether navigation requests prefer assets (the
	// compatibility date 2025-04-01 or later, or the flag
	// assets_navigation_prefers_asset_serving).
	Config assets.Config `json:"config"`
	// Files and Bytes count the files the bundle holds and their size, uncompressed.
	Files int   `json:"files"`
	Bytes int64 `json:"bytes"`
	// Warnings are the lines of the folder's _redirects and _headers that Cloudflare
	// skips, and sobjects too ("_redirects:3: why"); nil for none.
	Warnings []string `json:"warnings,omitempty"`
}

// wranglerAssets is the assets setting of a wrangler file.
type wranglerAssets struct {
	Directory        string `json:"directory"`
	Binding          string `json:"binding"`
	NotFoundHandling string `json:"not_found_handling"`
	HTMLHandling     string `json:"html_handling"`
	RunWorkerFirst   any    `json:"run_worker_first"`
}

// assetsKeys are the fields of the assets setting that Load acts on.
var assetsKeys = []string{"directory", "binding", "not_found_handling", "html_handling", "run_worker_first"}

// notServed are the files of an assets folder that Cloudflare does not serve as
// assets: .assetsignore, and _headers and _redirects, its rules for custom headers and
// redirects (readRules).
var notServed = []string{".assetsignore", "_headers", "_redirects"}

// readAssets reads the wrangler file's assets setting (raw["assets"]) into p.Assets;
// date and flags are its compatibility date and flags.
func (p *Project) readAssets(raw map[string]any, date string, flags []string) error {
	v, ok := raw["assets"]
	if !ok {
		return nil
	}
	t, ok := v.(map[string]any)
	b, err := json.Marshal(v)
	var w wranglerAssets
	if err == nil && ok {
		err = json.Unmarshal(b, &w)
	}
	if !ok || err != nil {
		return fmt.Errorf("%w: assets: want a table {directory, binding, not_found_handling, html_handling, run_worker_first}: %v", ErrConfig, err)
	}
	for k := range t {
		if !slices.Contains(assetsKeys, k) {
			p.assetsIgnored = append(p.assetsIgnored, "assets."+k)
		}
	}
	if w.Directory == "" {
		return fmt.Errorf("%w: assets: set directory to the folder of the files, e.g. directory = \"./public\"", ErrConfig)
	}
	c := assets.Config{Binding: w.Binding, HTMLHandling: w.HTMLHandling, NotFoundHandling: w.NotFoundHandling,
		NavigationPrefersAssets: (date >= "2025-04-01" || slices.Contains(flags, "assets_navigation_prefers_asset_serving")) &&
			!slices.Contains(flags, "assets_navigation_has_no_effect")}
	switch r := w.RunWorkerFirst.(type) {
	case nil:
	case bool:
		if r {
			c.RunWorkerFirst = []string{"/*"}
		}
	case []any:
		for _, e := range r {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("%w: assets.run_worker_first: want true, false or a list of path patterns, not %v", ErrConfig, r)
			}
			c.RunWorkerFirst = append(c.RunWorkerFirst, s)
		}
	default:
		return fmt.Errorf("%w: assets.run_worker_first: want true, false or a list of path patterns, not %v", ErrConfig, r)
	}
	if err := c.Check(); err != nil {
		return fmt.Errorf("%w: assets: %v", ErrConfig, err)
	}
	dir := filepath.FromSlash(w.Directory)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(p.Dir, dir)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("%w: assets.directory %q is not a folder", ErrConfig, w.Directory)
	}
	p.Assets = &Assets{Directory: dir, Config: c}
	return nil
}

// readRules reads the _redirects and _headers files of a.Directory, when it has them:
// it returns them for the archive (package assets parses them where it serves), and
// sets a.Config's rules and a.Warnings (what Cloudflare skips of them) for inspect.
func (a *Assets) readRules() ([]assets.File, error) {
	var out []assets.File
	for _, name := range []string{assets.RedirectsFile, assets.HeadersFile} {
		b, err := os.ReadFile(filepath.Join(a.Directory, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
		var warnings []string
		if name == assets.RedirectsFile {
			a.Config.Redirects, warnings = assets.ParseRedirects(string(b), a.Config.HTMLHandling)
		} else {
			a.Config.Headers, warnings = assets.ParseHeaders(string(b))
		}
		a.Warnings = append(a.Warnings, warnings...)
		out = append(out, assets.File{Path: name, Body: b})
	}
	return out, nil
}

// appendAssets reads the files of p.Assets.Directory and appends them to p.Bundle.
func (p *Project) appendAssets() error {
	a := p.Assets
	if a == nil || a.Directory == "" {
		return nil
	}
	files, err := readAssetFiles(a.Directory)
	if err != nil {
		return fmt.Errorf("load %s: assets: %w", p.Name, err)
	}
	rules, err := a.readRules()
	if err != nil {
		return fmt.Errorf("load %s: assets: %w", p.Name, err)
	}
	archive, err := assets.Build(append(slices.Clip(files), rules...), a.Config)
	if err != nil {
		return fmt.Errorf("load %s: assets of %s: %w", p.Name, a.Directory, err)
	}
	a.Files = len(files)
	for _, f := range files {
		a.Bytes += int64(len(f.Body))
	}
	p.Bundle = assets.Append(p.Bundle, archive)
	return nil
}

// readAssetFiles reads the files under dir, less those its .assetsignore names and
// notServed. A link is followed when it leads to a file inside dir, and is
// an error when it leads outside.
func readAssetFiles(dir string) (files []assets.File, err error) {
	ignore, err := readAssetsIgnore(filepath.Join(dir, ".assetsignore"))
	if err != nil {
		return nil, err
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	var total int64
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		if ignore.match(rel, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if slices.Contains(notServed, rel) {
			return nil // appendAssets reads _headers and _redirects
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := filepath.EvalSymlinks(path)
			if err != nil {
				return err
			}
			if in, err := filepath.Rel(root, target); err != nil || in == ".." || strings.HasPrefix(in, ".."+string(filepath.Separator)) {
				return fmt.Errorf("%w: %s is a link to %s, outside the folder", ErrConfig, rel, target)
			}
			if fi, err := os.Stat(target); err != nil || !fi.Mode().IsRegular() {
				return nil // a link to a folder is not followed
			}
		} else if !d.Type().IsRegular() {
			return nil
		}
		fi, err := os.Stat(path)
		if err != nil {
			return err
		}
		if total += fi.Size(); total > assets.MaxBytes {
			return fmt.Errorf("%w: more than %d bytes (at %s)", assets.ErrTooLarge, assets.MaxBytes, rel)
		}
		if len(files) >= assets.MaxFiles {
			return fmt.Errorf("%w: more than %d files", assets.ErrTooLarge, assets.MaxFiles)
		}
		if !assets.CleanPath(rel) {
			return fmt.Errorf("%w: file name %q", ErrConfig, rel)
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files = append(files, assets.File{Path: rel, Body: body})
		return nil
	})
	return files, err
}

// assetsIgnore is an .assetsignore file: patterns in gitignore's syntax, without
// negation (a "!" line is skipped).
type assetsIgnore []ignorePattern

type ignorePattern struct {
	re      *regexp.Regexp
	dirOnly bool
}

func readAssetsIgnore(path string) (assetsIgnore, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var out assetsIgnore
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "!") {
			continue
		}
		pat := ignorePattern{dirOnly: strings.HasSuffix(line, "/")}
		line = strings.TrimSuffix(line, "/")
		anchored := strings.Contains(line, "/")
		glob := globRegexp(strings.TrimPrefix(line, "/")).String() // ^(?:\./)?GLOB$
		glob = strings.TrimSuffix(strings.TrimPrefix(glob, `^(?:\./)?`), "$")
		if anchored {
			pat.re = regexp.MustCompile(`^` + glob + `$`)
		} else {
			pat.re = regexp.MustCompile(`(?:^|/)` + glob + `$`)
		}
		out = append(out, pat)
	}
	return out, nil
}

// match reports whether the file or folder at rel (slash-separated, below the
// assets folder) is ignored.
func (ig assetsIgnore) match(rel string, isDir bool) bool {
	for _, p := range ig {
		if (!p.dirOnly || isDir) && p.re.MatchString(rel) {
			return true
		}
	}
	return false
}

// assetsOnlyBinding is the binding of a project of static assets only, which has no
// code to name one.
const assetsOnlyBinding = "ASSETS"

// assetsOnlyEntry is the Worker of a project of static assets only (an assets setting
// and no main): it answers every request the assets do not, as Cloudflare does
// without a Worker, with not_found_handling for every request.
func assetsOnlyEntry(p *Project) *entry {
	if p.Assets.Config.Binding == "" {
		p.Assets.Config.Binding = assetsOnlyBinding
	}
	b, _ := json.Marshal(p.Assets.Config.Binding)
	p.Assets.Config.RunWorkerFirst = nil
	src := "export default { fetch(request, env) { return env[" + string(b) + "].fetch(request); } };\n"
	return &entry{source: src, sourcefile: "assets-only.js"}
}
