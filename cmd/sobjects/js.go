package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
)

// isJSProject says whether a plugin argument names a JavaScript project (a folder, a
// wrangler file, or a .js, .mjs or .ts file) rather than a .wasm plugin.
func isJSProject(path string) bool {
	return !strings.HasSuffix(path, ".wasm") && jsbundle.IsProjectPath(path)
}

// loadProject bundles the JavaScript project at path, for its wrangler environment env
// ("" for the top level), and refuses it when it uses APIs the host does not provide.
func loadProject(path, env string) (*jsbundle.Project, error) {
	p, err := jsbundle.LoadEnv(path, env)
	if err != nil {
		return nil, err
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// warnIgnored tells w of the settings of p's wrangler file that sobjects ignores, if
// any: the project runs, and using such a binding throws.
func warnIgnored(w io.Writer, p *jsbundle.Project) {
	if len(p.Ignored) > 0 {
		fmt.Fprintf(w, "warning: project %s: sobjects ignores these settings of its wrangler file: %s (using such a binding throws; sobjects inspect --strict fails on them)\n",
			p.Name, strings.Join(p.Ignored, ", "))
	}
	if p.Assets != nil && len(p.Assets.Warnings) > 0 {
		fmt.Fprintf(w, "warning: project %s: lines of its assets' rules skipped, as Cloudflare skips them: %s\n", p.Name, strings.Join(p.Assets.Warnings, "; "))
	}
}

// warnNotInherited tells w of the top-level settings of p's wrangler file that its
// environment does not inherit and does not set, if any, as wrangler warns of them.
func warnNotInherited(w io.Writer, p *jsbundle.Project) {
	if len(p.NotInherited) > 0 {
		fmt.Fprintf(w, "warning: project %s: [env.%s] does not inherit the top level's %s, and sets none: the environment has none (set them in [env.%s])\n",
			p.Name, p.Env, strings.Join(p.NotInherited, ", "), p.Env)
	}
}

// loadProjects bundles the JavaScript projects at paths, for the wrangler environment
// env ("" for the top level). worker is the name of the one with a default export (the
// Worker that serves requests outside /v1/), if any; two such projects are an error.
func loadProjects(paths []string, env string) (projects []*jsbundle.Project, worker string, err error) {
	for _, path := range paths {
		p, err := loadProject(path, env)
		if err != nil {
			return nil, "", err
		}
		if len(p.DeployClasses()) == 0 {
			return nil, "", fmt.Errorf("%s: no class to serve: add durable_objects.bindings to its wrangler file, or export a class or a default fetch handler", path)
		}
		if p.HasDefault {
			if worker != "" {
				return nil, "", fmt.Errorf("%s: two Workers (projects with a default export), %s and %s: serve one per server", path, worker, p.Name)
			}
			worker = p.Name
		}
		projects = append(projects, p)
	}
	return projects, worker, nil
}

// deployProjects deploys each project's bundle as each of its classes
// (jsbundle.Project.DeployClasses).
func deployProjects(ctx context.Context, e *host.Engine, projects []*jsbundle.Project) error {
	for _, p := range projects {
		for _, class := range p.DeployClasses() {
			if _, err := e.Deploy(ctx, class, p.Bundle); err != nil {
				return fmt.Errorf("project %s (%s), class %s: %w", p.Name, p.Dir, class, err)
			}
		}
	}
	return nil
}

// checkHeaderName checks that name ("" for none) is an HTTP header name: a token of
// RFC 9110 section 5.1.
func checkHeaderName(name string) error {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return fmt.Errorf("%q is not a header name: %q is not a token character", name, c)
		}
	}
	return nil
}
