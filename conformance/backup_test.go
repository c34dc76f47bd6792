//go:build unix

package conformance

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/sobjects/sobjects/internal/testbucket"
)

// TestDiskLossDurable is the crash test with the disk lost at every kill: the server
// runs in durable backup mode, and after each kill -9 its data directory is deleted.
// Every acknowledged write must come back from the bucket. The second run puts 50 ms
// of latency between the server and the bucket. 3 kills each; SOBJECTS_CRASH_KILLS
// sets more (the long form).
func TestDiskLossDurable(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the server; skipped with -short")
	}
	kills := 3
	if s := os.Getenv("SOBJECTS_CRASH_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("SOBJECTS_CRASH_KILLS=%q: want a positive number", s)
		}
		kills = n
	}
	bin := buildSobjects(t)
	for _, latency := range []int{0, 50} {
		t.Run(fmt.Sprintf("latency=%dms", latency), func(t *testing.T) {
			srv := testbucket.Start(t)
			endpoint := srv.Endpoint
			if latency > 0 {
				px := testbucket.StartProxy(t, srv.Addr)
				px.AddLatency(latency)
				endpoint = px.URL()
			}
			// Each restart restores its objects over the link: write for long enough that
			// many writes are acknowledged through it.
			minDelay := 200*time.Millisecond + time.Duration(latency)*20*time.Millisecond
			dir := t.TempDir()
			rep, err := RunCrash(context.Background(), CrashOptions{
				Binary: bin, DataDir: filepath.Join(dir, "data"), Kills: kills, Clients: 6, Objects: 3,
				MinKillDelay: minDelay, MaxKillDelay: 2 * minDelay,
				Args:     []string{"--backup-bucket", "s3://" + srv.Bucket + "/disk-loss", "--backup-mode", "durable"},
				Env:      srv.EnvAt(endpoint),
				LoseDisk: true,
				Log:      testLogWriter{t},
			})
			if err != nil {
				t.Fatalf("disk loss in durable mode: %v", err)
			}
			if rep.Checked != rep.AckedWrites || rep.AckedWrites == 0 {
				t.Fatalf("%d of %d acknowledged writes checked", rep.Checked, rep.AckedWrites)
			}
		})
	}
}

// TestBucketOutage cuts the bucket off a running server. In durable mode writes fail
// with a clear error and are never acknowledged while reads go on; when the bucket
// returns, writes work again and the bucket has them. In interval mode the server
// keeps serving writes, and the bucket catches up once it returns.
func TestBucketOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server; skipped with -short")
	}
	bin := buildSobjects(t)
	for _, mode := range []string{"durable", "interval"} {
		t.Run(mode, func(t *testing.T) {
			srv := testbucket.Start(t)
			px := testbucket.StartProxy(t, srv.Addr)
			dir := t.TempDir()
			s, err := startCrashServer(context.Background(), CrashOptions{
				Binary: bin, DataDir: dir, Durability: "fsync", StartTimeout: time.Minute,
				Args: []string{"--backup-bucket", "s3://" + srv.Bucket + "/outage", "--backup-mode", mode, "--backup-interval", "500ms"},
				Env:  srv.EnvAt(px.URL()),
			})
			if err != nil {
				t.Fatal(err)
			}
			defer s.kill()
			put := func(key string) (int, string) {
				return post(t, s.url+"/v1/objects/kv/shelf/put", fmt.Sprintf(`{"key":%q,"value":"v"}`, key))
			}
			if code, body := put("before"); code != 200 {
				t.Fatalf("put before the outage: %d %s", code, body)
			}
			px.Down()
			code, body := put("during")
			if mode == "durable" {
				if code != http.StatusServiceUnavailable || !strings.Contains(body, "bucket") {
					t.Fatalf("durable put with the bucket down: %d %s, want 503 naming the bucket", code, body)
				}
				if code, body := post(t, s.url+"/v1/objects/kv/shelf/get", `{"key":"during"}`); code == 200 && !strings.Contains(body, "null") {
					t.Fatalf("the refused write is visible: %s", body)
				}
			} else if code != 200 {
				t.Fatalf("interval put with the bucket down: %d %s", code, body)
			}
			if code, body := post(t, s.url+"/v1/objects/kv/shelf/get", `{"key":"before"}`); code != 200 || !strings.Contains(body, `"v"`) {
				t.Fatalf("read with the bucket down: %d %s", code, body)
			}
			px.Restore()
			var code2 int
			for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
				if code2, body = put("after"); code2 == 200 {
					break
				}
			}
			if code2 != 200 {
				t.Fatalf("put after the bucket returned: %d %s", code2, body)
			}
			// The bucket catches up: a restore from it alone has the writes.
			want := []string{"before", "after"}
			if mode == "interval" {
				want = append(want, "during")
			}
			bucket := "s3://" + srv.Bucket + "/outage"
			var got string
			for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
				to := filepath.Join(t.TempDir(), "shelf.db")
				if _, err := sobjectsBackup(t, bin, srv.Env(), "restore", "--backup-bucket", bucket, "--class", "kv", "--name", "shelf", "--to", to); err != nil {
					if strings.Contains(err.Error(), noBackup) {
						continue
					}
					t.Fatal(err)
				}
				raw, _ := os.ReadFile(to)
				got = string(raw)
				if hasAll(got, want) {
					break
				}
			}
			if !hasAll(got, want) {
				t.Fatalf("the bucket did not catch up: want keys %v in the restored database", want)
			}
			if mode == "durable" && strings.Contains(got, "during") {
				t.Fatal("the write refused during the outage reached the bucket")
			}
		})
	}
}

// noBackup is what `sobjects backup restore` says of an object the bucket holds no
// backup of (yet).
const noBackup = "the bucket holds no backup of this object"

// sobjectsBackup runs `sobjects backup ARGS...` of the binary bin with env (the
// bucket's endpoint and credentials) added to the environment, outside any folder
// with a sobjects.toml and without SOBJECTS_* variables, and returns its output. Its
// error holds the output when the command fails.
func sobjectsBackup(t *testing.T, bin string, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"backup"}, args...)...)
	cmd.Dir = t.TempDir()
	cmd.Env = append(childEnv(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("sobjects backup %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String(), nil
}

// backupObject is one row of `sobjects backup list`.
type backupObject struct{ class, name, id string }

// listBackups is what `sobjects backup list` says the bucket holds: its table's
// CLASS, NAME and ID columns, every row after the header.
func listBackups(t *testing.T, bin string, env []string, bucket string) []backupObject {
	t.Helper()
	out, err := sobjectsBackup(t, bin, env, "list", "--backup-bucket", bucket)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "CLASS") {
		t.Fatalf("sobjects backup list: no header:\n%s", out)
	}
	var objs []backupObject
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) < 3 {
			t.Fatalf("sobjects backup list: row %q", l)
		}
		objs = append(objs, backupObject{class: f[0], name: f[1], id: f[2]})
	}
	return objs
}

func hasAll(s string, keys []string) bool {
	for _, k := range keys {
		if !strings.Contains(s, k) {
			return false
		}
	}
	return true
}

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestCrashWithIntervalBackups is the crash test in interval backup mode, disk kept:
// the kills leave replicas mid-interval, with logs the next start must upload from.
// After the last clean stop, every object in the bucket restores to exactly its local
// database (the same rows in every table).
func TestCrashWithIntervalBackups(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the server; skipped with -short")
	}
	bin := buildSobjects(t)
	srv := testbucket.Start(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	rep, err := RunCrash(context.Background(), CrashOptions{
		Binary: bin, DataDir: data, Kills: 5, Clients: 6, Objects: 3,
		Args: []string{"--backup-bucket", "s3://" + srv.Bucket + "/crash", "--backup-interval", "300ms"},
		Env:  srv.Env(),
		Log:  testLogWriter{t},
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Checked != rep.AckedWrites || rep.AckedWrites == 0 {
		t.Fatalf("%d of %d acknowledged writes checked", rep.Checked, rep.AckedWrites)
	}
	bucket := "s3://" + srv.Bucket + "/crash"
	compared := 0
	for _, o := range listBackups(t, bin, srv.Env(), bucket) {
		local := CrashObjectPath(data, o.class, o.name)
		if filepath.Base(local) != o.id+".db" {
			t.Fatalf("%s/%s: backup list says id %s, the file path rule gives %s", o.class, o.name, o.id, local)
		}
		if _, err := os.Stat(local); err != nil {
			continue
		}
		to := filepath.Join(t.TempDir(), "r.db")
		if _, err := sobjectsBackup(t, bin, srv.Env(), "restore", "--backup-bucket", bucket, "--class", o.class, "--name", o.name, "--to", to); err != nil {
			t.Fatalf("%s/%s: %v", o.class, o.name, err)
		}
		if got, want := dumpDB(t, to), dumpDB(t, local); got != want {
			t.Fatalf("%s/%s: the bucket's latest state differs from the local database after a clean stop", o.class, o.name)
		}
		compared++
	}
	if compared < 6 {
		t.Fatalf("compared %d objects, want the 6 the crash test wrote", compared)
	}
	t.Logf("%d objects: the bucket's latest state equals the local database", compared)
}

// dumpDB is every row of every table of the database at path, in a stable order.
func dumpDB(t *testing.T, path string) string {
	t.Helper()
	conn, err := sqlite3.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var tables []string
	s, _, err := conn.Prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	for s.Step() {
		tables = append(tables, s.ColumnText(0))
	}
	s.Close()
	var out strings.Builder
	for _, tb := range tables {
		q, _, err := conn.Prepare("SELECT * FROM \"" + tb + "\" ORDER BY 1")
		if err != nil {
			t.Fatal(err)
		}
		for q.Step() {
			out.WriteString(tb)
			for i := range q.ColumnCount() {
				out.WriteString("|")
				out.Write(q.ColumnRawText(i))
			}
			out.WriteString("\n")
		}
		q.Close()
	}
	return out.String()
}
