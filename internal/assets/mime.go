package assets

import (
	"path"
	"strings"
)

// contentTypes are the media types by extension that wrangler gives assets (its
// upload takes them from the mime package, version 3), for the common files of a site.
// A fixed table rather than Go's mime package, which reads the machine's own tables.
var contentTypes = map[string]string{
	".html": "text/html", ".htm": "text/html", ".css": "text/css", ".txt": "text/plain",
	".csv": "text/csv", ".md": "text/markdown", ".markdown": "text/markdown", ".xml": "application/xml",
	".js": "application/javascript", ".mjs": "application/javascript", ".cjs": "application/node",
	".json": "application/json", ".map": "application/json", ".webmanifest": "application/manifest+json",
	".wasm": "application/wasm", ".pdf": "application/pdf", ".zip": "application/zip", ".gz": "application/gzip",
	".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".gif": "image/gif", ".webp": "image/webp", ".avif": "image/avif", ".ico": "image/vnd.microsoft.icon",
	".bmp": "image/bmp", ".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf", ".otf": "font/otf",
	".mp3": "audio/mpeg", ".ogg": "audio/ogg", ".wav": "audio/wav", ".mp4": "video/mp4", ".webm": "video/webm",
	".yaml": "text/yaml", ".yml": "text/yaml", ".ics": "text/calendar", ".rss": "application/rss+xml",
	".atom": "application/atom+xml", ".jsonld": "application/ld+json", ".bin": "application/octet-stream",
}

// ContentType is the Content-Type of a file named name, as wrangler gives it: the
// media type of its extension (case-insensitive), with "; charset=utf-8" for text/*;
// "" for an extension it does not know, for which Cloudflare sends no Content-Type.
func ContentType(name string) string {
	t := contentTypes[strings.ToLower(path.Ext(name))]
	if strings.HasPrefix(t, "text/") {
		t += "; charset=utf-8"
	}
	return t
}
