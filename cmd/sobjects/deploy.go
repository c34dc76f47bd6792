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
		Use:   "deploy PLUGIN.wasm [--class NAME]",
		Short: "Upload a plugin to a running server as a new version of a class",
		Long: `Upload a plugin to a running server (PUT /v1/classes/NAME). New calls use the new
version; objects already resident switch to it at their next activation. Sends
SOBJECTS_ADMIN_TOKEN as a bearer token when it is set.`,
		Example: "  sobjects deploy target/wasm32-unknown-unknown/release/my.wasm --class my",
		Args:    usage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			class := v.GetString("class")
			if class == "" {
				class = strings.TrimSuffix(filepath.Base(args[0]), ".wasm")
			}
			wasm, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			out, err := request("PUT", serverURL(cmd, v)+"/v1/classes/"+url.PathEscape(class), wasm, true)
			if err != nil {
				return fmt.Errorf("deploy %s: %w", class, err)
			}
			fmt.Fprintln(cmd.OutOrStdout(), string(out))
			return nil
		},
	}
	cmd.Flags().String("class", "", "class name; defaults to the file name without .wasm")
	addClientFlags(cmd)
	return cmd
}
