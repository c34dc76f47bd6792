package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// backupConfig is the [backup] part of the settings of `run` and `backup`.
type backupConfig struct {
	bucket    string // s3://bucket/prefix; "" means no backups
	mode      backup.Mode
	interval  time.Duration
	retention time.Duration
}

// backupFlags adds the flags of backupConfig to f.
func backupFlags(f *pflag.FlagSet, withModes bool) {
	f.String("backup-bucket", "", "back objects up to this S3 bucket, as s3://bucket/prefix (credentials, S3_ENDPOINT and AWS_REGION come from the environment)")
	if withModes {
		f.String("backup-mode", "interval", "interval or durable (see above)")
		f.Duration("backup-interval", backup.DefaultInterval, "in interval mode, how long a commit's changes may wait for their upload")
		f.Duration("backup-retention", backup.DefaultRetention, "how far back point-in-time restores reach")
	}
}

// loadBackupConfig reads backupConfig: each setting from its flag, its SOBJECTS_*
// variable, a top-level key of sobjects.toml, or its key under [backup] there, in that
// order of precedence.
func loadBackupConfig(cmd *cobra.Command, v *viper.Viper) (backupConfig, error) {
	get := func(flag, key string) string {
		envSet := os.Getenv("SOBJECTS_"+strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))) != ""
		if f := cmd.Flags().Lookup(flag); f != nil && !f.Changed && !envSet && !v.InConfig(flag) && v.IsSet("backup."+key) {
			return v.GetString("backup." + key)
		}
		return v.GetString(flag)
	}
	for _, k := range []string{"access_key", "access_key_id", "secret", "secret_key", "secret_access_key", "aws_access_key_id", "aws_secret_access_key", "password"} {
		if v.IsSet("backup." + k) {
			return backupConfig{}, fmt.Errorf("%s: [backup] %s: credentials are read only from the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), never from the file", configFile, k)
		}
	}
	for _, k := range []string{"endpoint", "region"} {
		if v.IsSet("backup." + k) {
			return backupConfig{}, fmt.Errorf("%s: [backup] %s: the store's endpoint and region come from the environment (S3_ENDPOINT, AWS_REGION)", configFile, k)
		}
	}
	var c backupConfig
	var err error
	c.bucket = get("backup-bucket", "bucket")
	if c.bucket != "" {
		if _, _, err := backup.ParseBucketURL(c.bucket); err != nil {
			return c, usageError{fmt.Errorf("--backup-bucket: %w", err)}
		}
	}
	if cmd.Flags().Lookup("backup-mode") == nil {
		return c, nil
	}
	if c.mode, err = backup.ParseMode(get("backup-mode", "mode")); err != nil {
		return c, usageError{fmt.Errorf("--backup-mode: %w", err)}
	}
	if c.interval, err = time.ParseDuration(get("backup-interval", "interval")); err != nil || c.interval <= 0 {
		return c, usageError{fmt.Errorf("--backup-interval: want a duration such as 10s, got %q", get("backup-interval", "interval"))}
	}
	if c.retention, err = time.ParseDuration(get("backup-retention", "retention")); err != nil || c.retention <= 0 {
		return c, usageError{fmt.Errorf("--backup-retention: want a duration such as 168h, got %q", get("backup-retention", "retention"))}
	}
	return c, nil
}

// openBucket opens the bucket of cmd's settings; it is an error to have none.
func openBucket(cmd *cobra.Command) (*backup.S3, error) {
	v, err := config(cmd)
	if err != nil {
		return nil, err
	}
	c, err := loadBackupConfig(cmd, v)
	if err != nil {
		return nil, err
	}
	if c.bucket == "" {
		return nil, usageError{errors.New("no bucket: pass --backup-bucket s3://bucket/prefix, set SOBJECTS_BACKUP_BUCKET, or add [backup] bucket to " + configFile)}
	}
	return backup.OpenS3(cmd.Context(), c.bucket)
}

func newBackupCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "backup",
		Short: "List and restore the objects backed up to a bucket",
		Long: `List and restore the objects that sobjects run --backup-bucket copied to a bucket.

The bucket comes from --backup-bucket, SOBJECTS_BACKUP_BUCKET, or [backup] bucket in
sobjects.toml; credentials, S3_ENDPOINT and AWS_REGION from the environment.
docs/backup.md says what the bucket holds and how to restore by hand.`,
	}
	cmd.AddCommand(newBackupListCmd(), newBackupRestoreCmd())
	return cmd
}

func newBackupListCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "list [--class C [--name N]]",
		Short: "List the objects in the bucket, or the bookmarks of one object",
		Example: `  sobjects backup list --backup-bucket s3://backups/prod
  sobjects backup list --class counter --name alice`,
		Args: usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, err := openBucket(cmd)
			if err != nil {
				return err
			}
			class, _ := cmd.Flags().GetString("class")
			name, _ := cmd.Flags().GetString("name")
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 2, 4, 2, ' ', 0)
			defer w.Flush()
			if name == "" {
				objs, err := backup.ListObjects(cmd.Context(), b, class)
				if err != nil {
					return err
				}
				slices.SortFunc(objs, func(a, b backup.ObjectSummary) int {
					return cmp.Or(strings.Compare(a.Class, b.Class), strings.Compare(a.Name, b.Name), strings.Compare(a.ID, b.ID))
				})
				fmt.Fprintln(w, "CLASS\tNAME\tID\tLATEST BOOKMARK\tUPDATED\tFILES\tBYTES")
				for _, o := range objs {
					fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d\t%d\n", o.Class, o.Name, o.ID, o.Latest, o.Updated.UTC().Format(time.RFC3339), o.Files, o.Bytes)
				}
				return nil
			}
			if class == "" {
				return usageError{errors.New("--name needs --class")}
			}
			versions, err := backup.ListVersions(cmd.Context(), b, class, host.ObjectID(class, name))
			if err != nil {
				return fmt.Errorf("%s/%s: %w", class, name, err)
			}
			fmt.Fprintln(w, "BOOKMARK\tTIME")
			for _, v := range versions {
				fmt.Fprintf(w, "%s\t%s\n", v.Bookmark, v.Time.UTC().Format(time.RFC3339Nano))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.String("class", "", "only objects of this class")
	f.String("name", "", "list the bookmarks of this object (with --class)")
	backupFlags(f, false)
	return cmd
}

func newBackupRestoreCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "restore --class C --name N [--time T | --bookmark B] --to FILE",
		Short: "Rebuild an object's database from the bucket into a file",
		Long: `Rebuild an object's database from the bucket into FILE, as it was at the latest state, at
a bookmark (from sobjects backup list --class C --name N), or at a time (RFC 3339, such as
2026-11-30T12:00:00Z, or a Unix time in milliseconds). FILE is replaced only once the
whole database is written; it passes PRAGMA integrity_check before the command says so.

To put the object back in service at a past state, use the point-in-time restore of the
running server (POST /v1/objects/CLASS/NAME/_restore, docs/backup.md). In interval mode
you may instead stop the server, restore over its file (DATA_DIR/objects/CLASS/ID[:2]/ID.db,
the ID shown by backup list), remove ID.db-wal and ID.db-backup beside it, and start the
server; in durable mode the bucket's latest state replaces such a file.`,
		Example: `  sobjects backup restore --class counter --name alice --to alice.db
  sobjects backup restore --class counter --name alice --time 2026-11-30T12:00:00Z --to alice.db`,
		Args: usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			f := cmd.Flags()
			class, _ := f.GetString("class")
			name, _ := f.GetString("name")
			to, _ := f.GetString("to")
			bookmark, _ := f.GetString("bookmark")
			at, _ := f.GetString("time")
			if class == "" || name == "" || to == "" {
				return usageError{errors.New("--class, --name and --to are required")}
			}
			if bookmark != "" && at != "" {
				return usageError{errors.New("give --time or --bookmark, not both")}
			}
			b, err := openBucket(cmd)
			if err != nil {
				return err
			}
			id := host.ObjectID(class, name)
			if at != "" {
				t, err := backup.ParseTime(at)
				if err != nil {
					return usageError{fmt.Errorf("--time: %w", err)}
				}
				if bookmark, err = backup.BookmarkAt(cmd.Context(), b, class, id, t); err != nil {
					return fmt.Errorf("%s/%s at %s: %w", class, name, at, err)
				}
			}
			bar := progressbar.NewOptions64(-1, progressbar.OptionSetWriter(cmd.ErrOrStderr()),
				progressbar.OptionSetVisibility(isTerminal(cmd.ErrOrStderr())),
				progressbar.OptionSetDescription("downloading"), progressbar.OptionShowBytes(true),
				progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
			got, err := backup.Restore(cmd.Context(), b, class, id, bookmark, to, func(done, total int64) {
				bar.ChangeMax64(total)
				bar.Set64(done)
			})
			bar.Finish()
			if err != nil {
				return fmt.Errorf("%s/%s: %w", class, name, err)
			}
			if err := checkDatabase(cmd.Context(), to); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "restored %s/%s at bookmark %s to %s (integrity_check ok)\n", class, name, got, to)
			return nil
		},
	}
	f := cmd.Flags()
	f.String("class", "", "class of the object (required)")
	f.String("name", "", "name of the object (required)")
	f.String("to", "", "database file to write (required)")
	f.String("bookmark", "", "restore the state at this bookmark")
	f.String("time", "", "restore the newest state at or before this time")
	backupFlags(f, false)
	return cmd
}

// isTerminal reports whether w is a terminal, where a progress bar can redraw itself.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// checkDatabase runs PRAGMA integrity_check on the database file at path.
func checkDatabase(ctx context.Context, path string) error {
	db, err := storage.Open(ctx, path, storage.Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	return db.IntegrityCheck()
}
