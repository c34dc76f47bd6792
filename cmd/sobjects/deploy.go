package main

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

func newDeployCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "deploy PLUGIN.wasm [--class NAME] | deploy JS-PROJECT [--class NAME]",
		Short: "Upload a plugin or a JavaScript project to a running server as a new version of a class",
		Long: `Upload a plugin to a running server (PUT /v1/classes/NAME). New calls use the new
version; objects already resident switch to it at their next call. Sends
SOBJECTS_ADMIN_TOKEN as a bearer token when it is set.

A JavaScript project (a folder with a wrangler.toml, wrangler.jsonc or wrangler.json,
or a single .js, .mjs or .ts file) is bundled here, without Node.js, and its bundle is
uploaded as the class of each of its durable_objects.bindings (a single file: each
class it exports) and, when it has a default export, as the class named after the
project; --class uploads it as that one class only. With --env NAME, its Durable
Object classes are uploaded as CLASS.NAME, so that the environment has its own
objects, as on Cloudflare. A project that imports what the
host does not provide (node:*, cloudflare:sockets, ...) is refused before anything is
sent; sobjects inspect lists what.`,
		Example: "  sobjects deploy target/wasm32-unknown-unknown/release/my.wasm --class my\n  sobjects deploy ./my-worker",
		Args:    usage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			class := v.GetString("class")
			base := serverURL(cmd, v) + "/v1/classes/"
			if isJSProject(args[0]) {
				p, err := loadProject(args[0], v.GetString("env"))
				if err != nil {
					return err
				}
				warnIgnored(cmd.ErrOrStderr(), p)
				warnNotInherited(cmd.ErrOrStderr(), p)
				classes := p.DeployClasses()
				if class != "" {
					classes = []string{class}
				}
				if len(classes) == 0 {
					return fmt.Errorf("%s: no class to deploy: add durable_objects.bindings to its wrangler file, export a class, or name one with --class", args[0])
				}
				for _, c := range classes {
					out, err := request("PUT", base+url.PathEscape(c), p.Bundle, true)
					if err != nil {
						return fmt.Errorf("deploy %s: %w", c, err)
					}
					fmt.Fprintln(cmd.OutOrStdout(), string(out))
				}
				return nil
			}
			if class == "" {
				class = strings.TrimSuffix(filepath.Base(args[0]), ".wasm")
			}
			wasm, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			out, err := request("PUT", base+url.PathEscape(class), wasm, true)
			if err != nil {
				return fmt.Errorf("deploy %s: %w", class, err)
			}
			fmt.Fprintln(cmd.OutOrStdout(), string(out))
			return nil
		},
	}
	cmd.Flags().String("class", "", "class name; defaults to the file name without .wasm (JavaScript: see above)")
	cmd.Flags().String("env", "", "JavaScript: the wrangler environment ([env.NAME]) to deploy, as wrangler deploy --env")
	addClientFlags(cmd)
	return cmd
}
