package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"text/template"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sobjects/sobjects/server"
)

// The files of a node started by `up --detach`, in its data directory.
const (
	pidFile = "sobjects.pid"
	logFile = "sobjects.log"
)

// envFile is the environment file beside sobjects.toml that `service install` points
// the unit at: credentials and secrets (AWS_*, SOBJECTS_ADMIN_TOKEN,
// SOBJECTS_CLUSTER_SECRET), never in sobjects.toml.
const envFile = "sobjects.env"

// newUpCmd is `run` with --detach: start the node in the background, its output in
// DATA_DIR/sobjects.log and its pid in DATA_DIR/sobjects.pid, and return once it answers.
func newUpCmd() *cobra.Command {
	cmd := newRunCmd()
	cmd.Use = "up [PLUGIN.wasm | CLASS=PLUGIN.wasm | JS-PROJECT]... [--detach]"
	cmd.Short = "Start a node: in the foreground as run does, or in the background with --detach"
	cmd.Long = `Start a node, with the settings and arguments of sobjects run.

In the foreground (the default) it is sobjects run. With --detach it starts sobjects run
in the background, in a session of its own, its output appended to DATA_DIR/sobjects.log
(sobjects logs) and its process id in DATA_DIR/sobjects.pid, and returns once the node
answers on --listen (or fails with the end of its log if it stops first). sobjects status
asks a running node how it is, sobjects down stops it.`
	cmd.Example = `  sobjects up --detach --data-dir /var/lib/sobjects --listen 127.0.0.1:8787
  sobjects status --url http://127.0.0.1:8787
  sobjects logs -f --data-dir /var/lib/sobjects
  sobjects down --data-dir /var/lib/sobjects`
	cmd.Flags().Bool("detach", false, "start in the background and return once the node answers")
	run := cmd.RunE
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if detach, _ := cmd.Flags().GetBool("detach"); !detach {
			return run(cmd, args)
		}
		cfg, err := loadRunConfig(cmd, args)
		if err != nil {
			return err
		}
		return detachNode(cmd, cfg, args)
	}
	return cmd
}

// detachNode starts `run` with the command line of up, less --detach, in the background.
func detachNode(cmd *cobra.Command, cfg runConfig, posArgs []string) error {
	if pid, ok := runningPid(cfg.dataDir); ok {
		return fmt.Errorf("a node already runs on %s (pid %d): sobjects down --data-dir %s first", cfg.dataDir, pid, cfg.dataDir)
	}
	if err := os.MkdirAll(cfg.dataDir, 0o755); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	args := []string{"run"} // the flags up was given, less --detach, then its arguments
	cmd.Flags().Visit(func(f *pflag.Flag) {
		switch v := f.Value.(type) {
		case pflag.SliceValue:
			for _, x := range v.GetSlice() {
				args = append(args, "--"+f.Name+"="+x)
			}
		default:
			if f.Name != "detach" {
				args = append(args, "--"+f.Name+"="+f.Value.String())
			}
		}
	})
	args = append(args, posArgs...)
	logPath := filepath.Join(cfg.dataDir, logFile)
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	child := exec.Command(self, args...)
	child.Stdout, child.Stderr = log, log
	child.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // not killed with this terminal
	if err := child.Start(); err != nil {
		return err
	}
	pid := child.Process.Pid
	exited := make(chan error, 1)
	go func() { exited <- child.Wait() }()
	if err := os.WriteFile(filepath.Join(cfg.dataDir, pidFile), []byte(strconv.Itoa(pid)+"\n"), 0o644); err != nil {
		child.Process.Kill()
		return err
	}
	url := "http://" + cfg.listen
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		select {
		case err := <-exited:
			os.Remove(filepath.Join(cfg.dataDir, pidFile))
			return fmt.Errorf("the node stopped as it started (%v); the end of %s:\n%s", err, logPath, tail(logPath, 20))
		case <-time.After(100 * time.Millisecond):
		}
		if b, err := request(http.MethodGet, url+"/v1/node", nil, false); err == nil {
			var info server.NodeInfo
			if json.Unmarshal(b, &info) == nil && info.PID != pid {
				child.Process.Kill()
				os.Remove(filepath.Join(cfg.dataDir, pidFile))
				return fmt.Errorf("another server (pid %d) answers on %s: give this node another --listen", info.PID, url)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "sobjects is up: pid %d, %s, log %s\n", pid, url, logPath)
			return nil
		}
	}
	return fmt.Errorf("the node (pid %d) did not answer on %s within 2 minutes; see %s", pid, url, logPath)
}

// runningPid is the pid in dataDir's pid file when that process is alive and holds the
// data directory.
func runningPid(dataDir string) (int, bool) {
	b, err := os.ReadFile(filepath.Join(dataDir, pidFile))
	if err != nil {
		return 0, false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0, false
	}
	if syscall.Kill(pid, 0) != nil {
		return 0, false
	}
	if release, err := lockDataDir(dataDir); err == nil { // nobody holds it: a stale file
		release()
		return 0, false
	}
	return pid, true
}

// tail is the last n lines of the file at path.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func dataDirFlag(cmd *cobra.Command) {
	cmd.Flags().String("data-dir", ".sobjects", "the node's data directory, as given to sobjects up")
}

func newDownCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "down",
		Short: "Stop the node that sobjects up --detach started, draining it first",
		Long: `Stop the node whose pid is in DATA_DIR/sobjects.pid with SIGTERM, as Ctrl-C stops
sobjects run, and wait until it has exited: it drains (new calls get 503, calls in flight
finish), closes its objects, uploads what the bucket does not hold yet and, in a
cluster, releases its objects so that other nodes take them over at once instead of
waiting out its lease.`,
		Args: usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			dir := v.GetString("data-dir")
			timeout, _ := cmd.Flags().GetDuration("timeout")
			pid, ok := runningPid(dir)
			if !ok {
				os.Remove(filepath.Join(dir, pidFile))
				return fmt.Errorf("no node runs on %s (no live process in %s)", dir, filepath.Join(dir, pidFile))
			}
			if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
				return fmt.Errorf("stop pid %d: %w", pid, err)
			}
			for deadline := time.Now().Add(timeout); ; {
				if syscall.Kill(pid, 0) != nil {
					break
				}
				if time.Now().After(deadline) {
					return fmt.Errorf("the node (pid %d) is still draining after %s; wait, or kill it (what it has not uploaded yet waits on its disk)", pid, timeout)
				}
				time.Sleep(100 * time.Millisecond)
			}
			os.Remove(filepath.Join(dir, pidFile))
			fmt.Fprintf(cmd.OutOrStdout(), "sobjects is down (pid %d)\n", pid)
			return nil
		},
	}
	dataDirFlag(cmd)
	cmd.Flags().Duration("timeout", 2*time.Minute, "how long to wait for the node to drain and exit")
	return cmd
}

func newLogsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "logs",
		Short: "Print the log of the node that sobjects up --detach started",
		Args:  usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			path := filepath.Join(v.GetString("data-dir"), logFile)
			n, _ := cmd.Flags().GetInt("lines")
			follow, _ := cmd.Flags().GetBool("follow")
			f, err := os.Open(path)
			if err != nil {
				return fmt.Errorf("no log: %w (a node started by sobjects up --detach writes it; under systemd, journalctl -u sobjects)", err)
			}
			defer f.Close()
			out := cmd.OutOrStdout()
			if t := tail(path, n); t != "" {
				fmt.Fprintln(out, t)
			}
			if !follow {
				return nil
			}
			f.Seek(0, io.SeekEnd)
			r := bufio.NewReader(f)
			for {
				line, err := r.ReadString('\n')
				fmt.Fprint(out, line)
				if errors.Is(err, io.EOF) {
					select {
					case <-cmd.Context().Done():
						return nil
					case <-time.After(200 * time.Millisecond):
					}
				} else if err != nil {
					return err
				}
			}
		},
	}
	dataDirFlag(cmd)
	cmd.Flags().IntP("lines", "n", 50, "how many of the last lines to print")
	cmd.Flags().BoolP("follow", "f", false, "go on printing what the node logs")
	return cmd
}

func newStatusCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Ask a running node how it is: version, classes, objects, and its cluster",
		Args:  usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			url := serverURL(cmd, v)
			b, err := request(http.MethodGet, url+"/v1/node", nil, false)
			if err != nil {
				return fmt.Errorf("%s: %w", url, err)
			}
			var info server.NodeInfo
			if err := json.Unmarshal(b, &info); err != nil {
				return fmt.Errorf("%s/v1/node: %w", url, err)
			}
			if j, _ := cmd.Flags().GetBool("json"); j {
				fmt.Fprintln(cmd.OutOrStdout(), string(b))
				return nil
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "node:      %s, sobjects %s, up since %s\n", url, info.Version, info.StartedAt)
			fmt.Fprintf(w, "classes:   %s\n", strings.Join(info.Classes, ", "))
			fmt.Fprintf(w, "resident:  %d objects\n", info.Resident)
			if c := info.Cluster; c != nil {
				lease := "valid"
				if !c.LeaseValid {
					lease = "LAPSED: the node answers for no object"
				}
				fmt.Fprintf(w, "cluster:   node %s (peers at %s), lease %s %s\n", c.Node, c.Peer, c.LeaseTTL, lease)
				fmt.Fprintf(w, "members:   %s\n", strings.Join(c.Members, ", "))
				fmt.Fprintf(w, "owned:     %d objects\n", c.Owned)
			} else {
				fmt.Fprintln(w, "cluster:   none (a single node)")
			}
			return nil
		},
	}
	addClientFlags(cmd)
	cmd.Flags().Bool("json", false, "print GET /v1/node's JSON")
	return cmd
}

// unitTemplate is the systemd unit `service install` writes.
var unitTemplate = template.Must(template.New("unit").Parse(`# Written by sobjects service install. Settings: {{.Config}} (if any) and the flags
# below; credentials and secrets: {{.Env}} (mode 0600), never sobjects.toml.
[Unit]
Description=sobjects node{{if .Args}} ({{.Args}}){{end}}
After=network-online.target
Wants=network-online.target

[Service]
Type=exec
WorkingDirectory={{.Dir}}
EnvironmentFile=-{{.Env}}
ExecStart={{.Exec}} run{{if .Args}} {{.Args}}{{end}}
# Drain on stop: calls finish, the bucket gets what it lacks, a cluster's objects are
# released. A node that stops by itself (its cluster lease lapsed, say) starts again.
KillSignal=SIGTERM
TimeoutStopSec=150
Restart=always
RestartSec=2
LimitNOFILE=1048576

[Install]
WantedBy=multi-user.target
`))

func newServiceCmd() *cobra.Command {
	svc := &cobra.Command{Use: "service", Short: "Run sobjects as a system service (systemd)"}
	install := &cobra.Command{
		Use:   "install [-- RUN-FLAGS...]",
		Short: "Write a systemd unit that runs sobjects run here and restarts it when it exits",
		Long: `Write a systemd unit (--unit-dir, default /etc/systemd/system, file NAME.service) that
runs this binary's sobjects run in the current folder, where sobjects.toml is read, with
the flags after --, and restarts it whenever it exits: after a crash, and after it stops
itself (a cluster node whose lease lapsed). Credentials and secrets come from
sobjects.env beside sobjects.toml (created empty, mode 0600, when missing), never from
sobjects.toml or the unit. The unit runs as root: add User= to it for another account.
Then: systemctl daemon-reload && systemctl enable --now NAME. Run it with a built binary
(go build -o sobjects ./cmd/sobjects), not go run, whose binary is temporary.`,
		Example: `  sobjects service install -- --listen 0.0.0.0:8787 --data-dir /var/lib/sobjects`,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, a := range args {
				if strings.Contains(strings.ToUpper(a), "SECRET") || strings.Contains(strings.ToUpper(a), "TOKEN") {
					return usageError{fmt.Errorf("%q: secrets go into %s, not the unit's command line", a, envFile)}
				}
			}
			dir, err := os.Getwd()
			if err != nil {
				return err
			}
			self, err := os.Executable()
			if err != nil {
				return err
			}
			if self, err = filepath.EvalSymlinks(self); err != nil {
				return err
			}
			if strings.Contains(self, string(filepath.Separator)+"go-build") && filepath.Base(filepath.Dir(self)) == "exe" { // go run's
				return usageError{fmt.Errorf("this binary (%s) is go run's, which is gone once it exits: build one (go build -o sobjects ./cmd/sobjects) and run its service install", self)}
			}
			unitDir, _ := cmd.Flags().GetString("unit-dir")
			name, _ := cmd.Flags().GetString("name")
			env := filepath.Join(dir, envFile)
			quoted := make([]string, len(args))
			for i, a := range args {
				quoted[i] = systemdQuote(a)
			}
			var unit strings.Builder
			unitTemplate.Execute(&unit, map[string]string{
				"Config": filepath.Join(dir, configFile), "Env": env, "Dir": dir,
				"Exec": systemdQuote(self), "Args": strings.Join(quoted, " "),
			})
			if err := os.MkdirAll(unitDir, 0o755); err != nil {
				return err
			}
			path := filepath.Join(unitDir, name+".service")
			if err := os.WriteFile(path, []byte(unit.String()), 0o644); err != nil {
				return err
			}
			if _, err := os.Stat(env); errors.Is(err, os.ErrNotExist) {
				const body = "# Environment of the sobjects service (systemd EnvironmentFile): KEY=value lines.\n" +
					"# AWS_ACCESS_KEY_ID=...\n# AWS_SECRET_ACCESS_KEY=...\n# AWS_REGION=...\n# S3_ENDPOINT=...\n" +
					"# SOBJECTS_ADMIN_TOKEN=...\n# SOBJECTS_CLUSTER_SECRET=... (32 bytes or more, the same on every node)\n"
				if err := os.WriteFile(env, []byte(body), 0o600); err != nil {
					return err
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s (secrets: %s)\nnext: systemctl daemon-reload && systemctl enable --now %s\n", path, env, name)
			return nil
		},
	}
	install.Flags().String("unit-dir", "/etc/systemd/system", "where to write the unit")
	install.Flags().String("name", "sobjects", "the unit's name")
	svc.AddCommand(install)
	return svc
}

// systemdQuote quotes s for a systemd command line when it needs it.
func systemdQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"'\\$%;") {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `$$`, `%`, `%%`)
	return `"` + r.Replace(s) + `"`
}
