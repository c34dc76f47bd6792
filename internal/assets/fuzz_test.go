package assets

import (
	"testing"
)

// FuzzCut: an uploaded bundle's assets never panic the parser, and what parses is
// within the limits.
func FuzzCut(f *testing.F) {
	archive, err := Build([]File{{Path: "index.html", Body: []byte("<p>")}, {Path: "a/b.css", Body: []byte("b{}")}}, Config{NotFoundHandling: NotFound404})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(Append([]byte("bundle\n"), archive))
	f.Add([]byte("bundle" + footerPrefix + "0000000000000003\n"))
	f.Add([]byte("no assets"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, s, err := Cut(b)
		if err != nil || s == nil {
			return
		}
		if s.Len() > MaxFiles || s.Bytes() > MaxBytes {
			t.Fatalf("%d files, %d bytes", s.Len(), s.Bytes())
		}
		for p := range s.files {
			if !CleanPath(p[1:]) {
				t.Fatalf("file %q", p)
			}
		}
	})
}

// FuzzFetch: any request path is answered without a panic, and a body served is one
// of the set's files.
func FuzzFetch(f *testing.F) {
	files := []File{{Path: "index.html", Body: []byte("i")}, {Path: "404.html", Body: []byte("n")}, {Path: "d/index.html", Body: []byte("d")}, {Path: "f.html", Body: []byte("f")}}
	for _, p := range []string{"/", "/d", "/f.html", "/../x", "/%2e%2e/", "/%", "//d//", "/d/index"} {
		f.Add(p, uint8(0))
	}
	modes := []string{AutoTrailingSlash, ForceTrailingSlash, DropTrailingSlash, HTMLNone}
	sets := map[string]*Set{}
	for _, m := range modes {
		archive, err := Build(files, Config{HTMLHandling: m, NotFoundHandling: NotFound404})
		if err != nil {
			f.Fatal(err)
		}
		_, s, err := Cut(Append(nil, archive))
		if err != nil {
			f.Fatal(err)
		}
		sets[m] = s
	}
	f.Fuzz(func(t *testing.T, path string, mode uint8) {
		s := sets[modes[int(mode)%len(modes)]]
		r := s.Fetch(Request{Method: "GET", Path: "/" + path})
		if r.Body != nil && !map[string]bool{"i": true, "n": true, "d": true, "f": true}[string(r.Body)] {
			t.Fatalf("body %q", r.Body)
		}
	})
}
