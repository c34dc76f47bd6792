package jsbundle

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Local secrets (https://developers.cloudflare.com/workers/local-development/environment-variables/):
// wrangler dev reads a .dev.vars file beside the wrangler file, or, without one, .env
// files, in dotenv syntax, and gives their values to env as strings, over vars of the
// same name. readSecrets does the same.

// secretsFiles are the files readSecrets reads, in the folder dir for the environment
// env ("" for the top level), least specific first: .dev.vars.ENV when it exists, else
// .dev.vars; when neither exists, .env, .env.ENV, .env.local and .env.ENV.local, each
// that exists (later ones win), as wrangler reads them.
func secretsFiles(dir, env string) ([]string, error) {
	exists := func(name string) (bool, error) {
		fi, err := os.Stat(filepath.Join(dir, name))
		switch {
		case errors.Is(err, os.ErrNotExist):
			return false, nil
		case err != nil:
			return false, err
		case fi.IsDir():
			return false, fmt.Errorf("%s is a folder, not a file of secrets", filepath.Join(dir, name))
		}
		return true, nil
	}
	devVars := []string{".dev.vars"}
	dotEnv := []string{".env", ".env.local"}
	if env != "" {
		devVars = []string{".dev.vars." + env, ".dev.vars"}
		dotEnv = []string{".env", ".env." + env, ".env.local", ".env." + env + ".local"}
	}
	for _, name := range devVars {
		if ok, err := exists(name); err != nil || ok {
			return []string{name}, err
		}
	}
	var out []string
	for _, name := range dotEnv {
		ok, err := exists(name)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, name)
		}
	}
	return out, nil
}

// readSecrets reads the project's local secrets (secretsFiles) into p.Vars, over vars
// of the same name, and sets p.Secrets and p.SecretsFiles.
func (p *Project) readSecrets() error {
	files, err := secretsFiles(p.Dir, p.Env)
	if err != nil {
		return fmt.Errorf("load %s: %w", p.Dir, err)
	}
	secrets := map[string]string{}
	for _, name := range files {
		path := filepath.Join(p.Dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("load %s: %w", path, err)
		}
		vals, err := parseDotenv(data)
		if err != nil {
			return fmt.Errorf("load %s%w", path, err)
		}
		for k, v := range vals {
			secrets[k] = v
		}
	}
	for k, v := range secrets {
		p.Vars[k] = v
		p.Secrets = append(p.Secrets, k)
	}
	slices.Sort(p.Secrets)
	p.SecretsFiles = files
	return nil
}

// errDotenv is the error of a line of a dotenv file that is not KEY=VALUE.
var errDotenv = errors.New("want KEY=VALUE (dotenv syntax)")

// parseDotenv reads dotenv syntax, as the dotenv package wrangler uses: a line
// KEY=VALUE (or KEY: VALUE), optionally after "export "; KEY of letters, digits, '_',
// '.' and '-'; a VALUE in single quotes or backquotes taken as it is, in double quotes
// with \n and \r turned into line breaks, any of them over several lines; an unquoted
// VALUE ends at "#" (a comment) and is trimmed. Blank lines and lines starting with #
// are skipped. A later KEY wins.
//
// # Errors
//
// A line that is not of that form, or a quote that is not closed, is an error
// ":LINE: ..." wrapping errDotenv (wrangler's dotenv skips such a line silently).
func parseDotenv(data []byte) (map[string]string, error) {
	out := map[string]string{}
	s := strings.ReplaceAll(string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), "\r\n", "\n")
	line := 0
	for len(s) > 0 {
		var l string
		l, s, _ = strings.Cut(s, "\n")
		line++
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' {
			continue
		}
		t = strings.TrimPrefix(t, "export ")
		i := strings.IndexAny(t, "=:")
		key := strings.TrimSpace(t[:max(i, 0)])
		if i <= 0 || !validDotenvKey(key) || t[i] == ':' && (i+1 == len(t) || t[i+1] != ' ') {
			return nil, fmt.Errorf(":%d: %w: %q", line, errDotenv, l)
		}
		v := strings.TrimLeft(t[i+1:], " \t")
		if v != "" && strings.ContainsRune(`'"`+"`", rune(v[0])) {
			q := v[0]
			start := line
			body := v[1:]
			for {
				if end := closingQuote(body, q); end >= 0 {
					rest := strings.TrimSpace(body[end+1:])
					if rest != "" && rest[0] != '#' {
						return nil, fmt.Errorf(":%d: %w: text after the closing quote: %q", line, errDotenv, rest)
					}
					body = body[:end]
					break
				}
				if s == "" {
					return nil, fmt.Errorf(":%d: %w: the quote (%c) is not closed", start, errDotenv, q)
				}
				var next string
				next, s, _ = strings.Cut(s, "\n")
				line++
				body += "\n" + next
			}
			if q == '"' {
				body = strings.NewReplacer(`\n`, "\n", `\r`, "\r").Replace(body)
			}
			out[key] = body
			continue
		}
		v, _, _ = strings.Cut(v, "#")
		out[key] = strings.TrimSpace(v)
	}
	return out, nil
}

// closingQuote is the index in s of the quote q that closes a value (one not after a
// backslash), or -1.
func closingQuote(s string, q byte) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return -1
}

func validDotenvKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}
