package conformance

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
)

// The upstream: a small HTTP server on loopback that the fetch cases' fixture reaches
// with its outbound fetch(). A step's path and headers name it as {upstream} (its
// origin, "http://127.0.0.1:PORT"); it starts at the first case that names it and
// serves until the process ends. Targets must let objects reach loopback for those
// cases (workerd: a network service allowing "local"; sobjects: --fetch-allow).
//
//	/echo            200 JSON {method, query, xa (the x-a header), type, body}, with x-upstream: 1
//	/redirect/N      302 to /redirect/N-1, and /redirect/1 to /echo
//	/status/N        status N, body "status N"
//	/slow            answers nothing until the client goes away
//	/stream          "chunk 0\n" ... "chunk 4\n", each flushed apart
//	/cookies         two Set-Cookie headers, a=1 and b=2
//	/pause           "first", flushed, then nothing until the client goes away
var upstream struct {
	once sync.Once
	srv  *httptest.Server
}

// upstreamURL is the upstream's origin, started at the first call.
func upstreamURL() string {
	upstream.once.Do(func() { upstream.srv = httptest.NewServer(upstreamHandler()) })
	return upstream.srv.URL
}

func upstreamHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("content-type", "application/json")
		w.Header().Set("x-upstream", "1")
		json.NewEncoder(w).Encode(map[string]string{"method": r.Method, "query": r.URL.RawQuery, "xa": r.Header.Get("x-a"),
			"type": r.Header.Get("content-type"), "body": string(b)})
	})
	mux.HandleFunc("/redirect/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		to := "/echo"
		if n > 1 {
			to = "/redirect/" + strconv.Itoa(n-1)
		}
		w.Header().Set("location", to)
		w.WriteHeader(http.StatusFound)
	})
	mux.HandleFunc("/status/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.PathValue("n"))
		if err != nil || n < 200 || n > 599 {
			n = http.StatusBadRequest
		}
		w.WriteHeader(n)
		io.WriteString(w, "status "+strconv.Itoa(n))
	})
	mux.HandleFunc("/cookies", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("set-cookie", "a=1; Path=/")
		w.Header().Add("set-cookie", "b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT")
		io.WriteString(w, "cookies")
	})
	mux.HandleFunc("/pause", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "first")
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		<-r.Context().Done()
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		f, _ := w.(http.Flusher)
		for i := range 5 {
			io.WriteString(w, "chunk "+strconv.Itoa(i)+"\n")
			if f != nil {
				f.Flush()
			}
		}
	})
	return mux
}
