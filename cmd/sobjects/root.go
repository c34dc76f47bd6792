package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// exitError carries an exit status: the command printed what went wrong already.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// execute runs the CLI with args and returns the process exit status.
func execute(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			return ee.code
		}
		fmt.Fprintln(stderr, "error:", err)
		return 1
	}
	return 0
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "sobjects",
		Short: "Run stateful objects written as WebAssembly plugins, each with its own SQLite database",
		Long: `sobjects runs stateful objects in the sense of Cloudflare Durable Objects: each class is a
WebAssembly plugin, each object has its own SQLite database, runs one call at a time on
one pinned worker thread, and is reached over HTTP.

Settings come from flags, then SOBJECTS_* environment variables (SOBJECTS_DATA_DIR for
--data-dir), then sobjects.toml in the working directory, in that order of precedence.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newRunCmd(), newDeployCmd(), newCallCmd(), newInspectCmd(), newBenchCmd(), newVersionCmd())
	return root
}

// configFile is the config file read from the working directory, when present.
const configFile = "sobjects.toml"

// config binds a command's flags to SOBJECTS_* variables and sobjects.toml.
func config(cmd *cobra.Command) (*viper.Viper, error) {
	v := viper.New()
	v.SetEnvPrefix("SOBJECTS")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_"))
	v.AutomaticEnv()
	// Exactly ./sobjects.toml: a search by name would also read a binary named
	// ./sobjects as TOML.
	if _, err := os.Stat(configFile); err == nil {
		v.SetConfigFile(configFile)
		if err := v.ReadInConfig(); err != nil {
			return nil, fmt.Errorf("read %s: %w", configFile, err)
		}
	}
	var bindErr error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if err := v.BindPFlag(f.Name, f); err != nil {
			bindErr = err
		}
	})
	return v, bindErr
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of sobjects and of the plugin ABI it speaks",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "sobjects %s (plugin ABI v%d)\n", version, abiVersion)
			return nil
		},
	}
}
