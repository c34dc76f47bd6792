package server

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage/backup"
)

// bookmark answers GET /v1/objects/{class}/{name}/_bookmark: the bookmark of the
// object's current state, or with ?time=T (RFC 3339 or Unix milliseconds) of its newest
// state at or before T. Body: {"bookmark": "..."}.
func (s *Server) bookmark(c echo.Context) error {
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	var b string
	if q := c.QueryParam("time"); q != "" {
		t, err := backup.ParseTime(q)
		if err != nil {
			return &abi.Error{Code: abi.CodeBadInput, Message: "time: " + err.Error()}
		}
		b, err = s.e.BookmarkAt(ctx, class, name, t)
		if err != nil {
			return err
		}
	} else if b, err = s.e.Bookmark(ctx, class, name); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"bookmark": b})
}

// restore answers POST /v1/objects/{class}/{name}/_restore with body
// {"bookmark": "..."}: the object is closed and its next call finds it as it was at
// the bookmark. Body: {"undo": "..."}, the bookmark that undoes the restore. It needs
// the admin token, as uploads and deletes do.
func (s *Server) restore(c echo.Context) error {
	if err := s.authorize(c); err != nil {
		return err
	}
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	var req struct {
		Bookmark string `json:"bookmark"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(c.Response(), c.Request().Body, 4096)).Decode(&req); err != nil || req.Bookmark == "" {
		return &abi.Error{Code: abi.CodeBadInput, Message: `want a JSON body {"bookmark": "..."}`}
	}
	undo, err := s.e.RestoreBookmark(c.Request().Context(), class, name, req.Bookmark)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"undo": undo})
}
