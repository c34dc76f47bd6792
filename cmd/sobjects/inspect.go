package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sobjects/sobjects/host"
)

func newInspectCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "inspect PLUGIN.wasm",
		Short: "Say which ABI version and exports a plugin has, and what is wrong with it",
		Long: `Compile a plugin without running it and print the ABI version it declares, its methods,
its lifecycle exports (init, alarm, fetch, after_clone, before_hand_out), whether it is splittable, its imports, and every problem that would make
an upload fail. Exits 1 when there is a problem.`,
		Args: usage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			wasm, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			info, err := host.Inspect(cmd.Context(), wasm)
			if err != nil {
				fmt.Fprintf(cmd.OutOrStdout(), "%s: %v\n", args[0], err)
				return exitError{1}
			}
			out := cmd.OutOrStdout()
			if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				enc.Encode(info)
			} else {
				fmt.Fprintf(out, "plugin:     %s (%d bytes, version %.12s)\n", args[0], len(wasm), host.Version(wasm))
				fmt.Fprintf(out, "abi:        v%d\n", info.ABIVersion)
				fmt.Fprintf(out, "methods:    %s\n", strings.Join(info.Methods, ", "))
				fmt.Fprintf(out, "lifecycle:  %s\n", strings.Join(info.Lifecycle, ", "))
				if info.Splittable {
					fmt.Fprintln(out, "splittable: yes (exports sobjects_splittable; docs/splitting.md)")
				}
				fmt.Fprintf(out, "imports:    %s\n", strings.Join(info.Imports, ", "))
				if len(info.Problems) == 0 {
					fmt.Fprintln(out, "problems:   none")
				}
				for _, p := range info.Problems {
					fmt.Fprintf(out, "problem:    %s\n", p)
				}
			}
			if len(info.Problems) > 0 {
				return exitError{1}
			}
			return nil
		},
	}
	cmd.Flags().Bool("json", false, "print as JSON")
	return cmd
}
