package storage

import (
	"errors"
	"fmt"
	"net/url"
	"os"
)

// Files of the data directory are private to the user the server runs as: the
// directories it makes are 0700, its files 0600, whatever the umask.
const (
	// DirMode is the permission of the directories the host makes for its data.
	DirMode os.FileMode = 0o700
	// FileMode is the permission of the files the host makes for its data.
	FileMode os.FileMode = 0o600
)

// createPrivate creates the database file at path with FileMode if it does not exist,
// leaving an existing one as it is. SQLite's VFS would create it 0666 less the umask.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, FileMode)
	if err != nil {
		if f := failure(err); f != nil {
			return f
		}
		if errors.Is(err, os.ErrPermission) {
			return errors.Join(ErrReadOnly, err)
		}
		return err
	}
	return f.Close()
}

// sqliteURI is the URI SQLite opens the database at path by, through the VFS vfsName
// ("" for the operating system's): its write-ahead log and journal take the database
// file's permission (the modeof parameter), not 0666 less the umask.
// https://sqlite.org/uri.html
func sqliteURI(path, vfsName string) string {
	q := url.Values{"modeof": {path}}
	if vfsName != "" {
		q.Set("vfs", vfsName)
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// openPrivate prepares the database at path to be opened privately: it creates the
// file (createPrivate) and returns the URI to open it by (sqliteURI).
func openPrivate(path, vfsName string) (string, error) {
	if err := createPrivate(path); err != nil {
		return "", fmt.Errorf("open %s: %w", path, err)
	}
	return sqliteURI(path, vfsName), nil
}
