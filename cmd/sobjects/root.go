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

// usageError is a command line the command cannot take; it exits with status 2 and a
// hint of where to look.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

// usage wraps an argument validator so its errors are usage errors.
func usage(args cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		if err := args(cmd, a); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// execute runs the CLI with args and returns the process exit status.
func execute(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	cmd, err := root.ExecuteC()
	if err == nil {
		return 0
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintln(stderr, "error:", err)
	var ue usageError
	if errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command") {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return 2
	}
	return 1
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "sobjects",
		Short: "Run stateful objects written as WebAssembly plugins or JavaScript, each with its own SQLite database",
		Long: `sobjects runs stateful objects in the sense of Cloudflare Durable Objects: each class is a
WebAssembly plugin (the sobjects ABI, or an Extism plugin) or a JavaScript/TypeScript
Durable Object as written for Cloudflare; each object has its own SQLite database, runs
one call at a time on one pinned worker thread, and is reached over HTTP.

Settings come from flags, then SOBJECTS_* environment variables (SOBJECTS_DATA_DIR for
--data-dir), then sobjects.toml in the working directory, in that order of precedence.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newRunCmd(), newUpCmd(), newStatusCmd(), newLogsCmd(), newDownCmd(), newServiceCmd(),
		newDeployCmd(), newCallCmd(), newInspectCmd(), newBenchCmd(), newBenchWSCmd(), newBackupCmd(), newClusterCmd(), newVersionCmd())
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
		Args:  usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "sobjects %s (plugin ABI v%d)\n", version, abiVersion)
			return nil
		},
	}
}
