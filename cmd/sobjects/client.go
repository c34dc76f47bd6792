package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// addClientFlags adds --url, the server the command talks to.
func addClientFlags(cmd *cobra.Command) {
	cmd.Flags().String("url", "http://127.0.0.1:8787",
		"base URL of a running sobjects server (also SOBJECTS_URL; default: the listen address of ./sobjects.toml, if any)")
}

// serverURL is the base URL a client command talks to: --url or SOBJECTS_URL, else the
// listen address of the sobjects.toml that `sobjects run` in this folder would use, else
// the default.
func serverURL(cmd *cobra.Command, v *viper.Viper) string {
	if !cmd.Flags().Changed("url") && os.Getenv("SOBJECTS_URL") == "" && v.IsSet("listen") {
		return "http://" + v.GetString("listen")
	}
	return strings.TrimRight(v.GetString("url"), "/")
}

// request sends one request to the server and returns the body of a 2xx answer. A
// problem+json answer becomes an error with its detail.
func request(method, url string, body []byte, admin bool) ([]byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if tok := os.Getenv("SOBJECTS_ADMIN_TOKEN"); admin && tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	client := &http.Client{Timeout: 2 * time.Minute}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w (is `sobjects run` serving at that --url?)", err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 == 2 {
		return out, nil
	}
	var p struct {
		Status int    `json:"status"`
		Detail string `json:"detail"`
		Code   string `json:"code"`
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") && json.Unmarshal(out, &p) == nil {
		return nil, fmt.Errorf("%d %s: %s", resp.StatusCode, p.Code, p.Detail)
	}
	return nil, fmt.Errorf("%s: %s", resp.Status, bytes.TrimSpace(out))
}
