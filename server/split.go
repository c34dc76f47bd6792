package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/splitter"
)

// Routes of splittable classes (package splitter; ABI.md section 4.7).

// leavesResponse is the body of GET .../_leaves and of a scan.
type leavesResponse[T any] struct {
	Leaves []T `json:"leaves"`
}

// callKeyed serves POST /v1/objects/{class}/{name}/{method}[?one_leaf=true] for a
// splittable class: the body is a splitter.Request, the answer one result per leaf.
func (s *Server) callKeyed(c echo.Context, class, name string, body []byte) error {
	method := c.Param("method")
	if err := s.e.CheckMethod(class, method); err != nil {
		return err
	}
	var r splitter.Request
	if err := json.Unmarshal(body, &r); err != nil {
		return abi.Errorf(abi.CodeBadInput, "class %s is splittable: the body must be {\"keys\": [...], \"payloads\": [...] or null, \"args\": ...}: %v", class, err)
	}
	ctx := c.Request().Context()
	if oneLeaf(c) {
		res, err := s.leaves.CallOneLeaf(ctx, class, name, method, r)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, splitter.AnswerBody{Leaves: []splitter.LeafResult{res}})
	}
	res, err := s.leaves.Call(ctx, class, name, method, r)
	switch {
	case err != nil && len(res) == 0:
		return err
	case err != nil:
		// Some leaves applied their part and some failed: 207, with both.
		ans := splitter.Answer(res, err, problemFor)
		for i, le := range splitter.LeafErrors(err) {
			ans.Errors[i].Detail = s.detailOf(c, le.Err, ans.Errors[i].Status, ans.Errors[i].Code)
		}
		return c.JSON(http.StatusMultiStatus, ans)
	}
	return c.JSON(http.StatusOK, splitter.AnswerBody{Leaves: res})
}

// oneLeaf reports whether the request asks for ?one_leaf=true.
func oneLeaf(c echo.Context) bool {
	one, _ := strconv.ParseBool(c.QueryParam("one_leaf"))
	return one
}

// scan serves POST /v1/objects/{class}/{name}/_scan/{method}: the method on every leaf,
// the body (optional JSON) as its args.
func (s *Server) scan(c echo.Context) error {
	class, name, body, release, err := s.objectInput(c)
	if err != nil {
		return err
	}
	defer release()
	var args json.RawMessage
	if len(body) > 0 {
		if !json.Valid(body) {
			return abi.Errorf(abi.CodeBadInput, "the body of a scan is its args, as JSON")
		}
		args = body
	}
	res, err := s.leaves.Scan(c.Request().Context(), class, name, c.Param("method"), args)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, leavesResponse[splitter.LeafResult]{res})
}

// describeLeaves serves GET /v1/objects/{class}/{name}/_leaves.
func (s *Server) describeLeaves(c echo.Context) error {
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	info, err := s.split.Describe(c.Request().Context(), class, name)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, leavesResponse[splitter.LeafInfo]{info})
}

// splitLeaf serves POST /v1/objects/{class}/{name}/_split with {"leaf": bits} (admin):
// it answers once the new leaf serves, with the object's leaves.
func (s *Server) splitLeaf(c echo.Context) error {
	if err := s.authorize(c); err != nil {
		return err
	}
	class, name, body, release, err := s.objectInput(c)
	if err != nil {
		return err
	}
	defer release()
	var req struct {
		Leaf *string `json:"leaf"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.Leaf == nil {
		return abi.Errorf(abi.CodeBadInput, "the body must be {\"leaf\": bits}, e.g. {\"leaf\": \"\"} to split the root")
	}
	if err := s.split.Split(c.Request().Context(), class, name, *req.Leaf); err != nil {
		return fmt.Errorf("split leaf %q: %w", *req.Leaf, err)
	}
	return s.describeLeaves(c)
}
