package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

var _ Bucket = (*S3)(nil)

// S3 is a Bucket in an S3-compatible object store (AWS S3, Cloudflare R2, versitygw,
// MinIO, SeaweedFS), through aws-sdk-go-v2.
type S3 struct {
	client *s3.Client
	bucket string
	prefix string // "" or ending in "/"
	url    string
}

// ParseBucketURL splits "s3://bucket/prefix" into the bucket name and the key prefix
// ("" or without a trailing slash).
func ParseBucketURL(s string) (bucket, prefix string, err error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", "", fmt.Errorf("bucket URL %q: %w", s, err)
	}
	if u.Scheme != "s3" || u.Host == "" {
		return "", "", fmt.Errorf("bucket URL %q: want s3://bucket/prefix", s)
	}
	return u.Host, strings.Trim(u.Path, "/"), nil
}

// OpenS3 opens the bucket at rawURL ("s3://bucket/prefix"). Credentials and the
// region come from the environment the way the AWS SDK reads them
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_PROFILE, ...), never from
// a file of ours; S3_ENDPOINT (or AWS_ENDPOINT_URL_S3) names a store other than AWS,
// which is then addressed path-style. The region defaults to us-east-1.
//
// OpenS3 makes no request: use Check to see that the bucket answers.
func OpenS3(ctx context.Context, rawURL string) (*S3, error) {
	bucket, prefix, err := ParseBucketURL(rawURL)
	if err != nil {
		return nil, err
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("bucket %s: AWS configuration: %w", rawURL, err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	endpoint := os.Getenv("S3_ENDPOINT")
	if endpoint == "" {
		endpoint = os.Getenv("AWS_ENDPOINT_URL_S3")
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
			o.UsePathStyle = true
		}
		// Stores other than AWS differ in which checksums they accept; send them only
		// where the API requires one.
		o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return NewS3(client, bucket, prefix), nil
}

// NewS3 is the bucket named bucket through client, with keys under prefix ("" for the
// whole bucket).
func NewS3(client *s3.Client, bucket, prefix string) *S3 {
	prefix = strings.Trim(prefix, "/")
	u := "s3://" + bucket
	if prefix != "" {
		u += "/" + prefix
		prefix += "/"
	}
	return &S3{client: client, bucket: bucket, prefix: prefix, url: u}
}

func (b *S3) String() string { return b.url }

// Put implements Bucket.
func (b *S3) Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (string, error) {
	in := &s3.PutObjectInput{Bucket: &b.bucket, Key: aws.String(b.prefix + key), Body: body}
	if cond.IfNoneMatch {
		in.IfNoneMatch = aws.String("*")
	}
	if cond.IfMatch != "" {
		in.IfMatch = aws.String(cond.IfMatch)
	}
	out, err := b.client.PutObject(ctx, in)
	if err != nil {
		return "", b.error("put", key, err)
	}
	return aws.ToString(out.ETag), nil
}

// Get implements Bucket.
func (b *S3) Get(ctx context.Context, key string) (io.ReadCloser, string, error) {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &b.bucket, Key: aws.String(b.prefix + key)})
	if err != nil {
		return nil, "", b.error("get", key, err)
	}
	return out.Body, aws.ToString(out.ETag), nil
}

// List implements Bucket.
func (b *S3) List(ctx context.Context, prefix string) ([]ObjectInfo, error) {
	var infos []ObjectInfo
	p := s3.NewListObjectsV2Paginator(b.client, &s3.ListObjectsV2Input{Bucket: &b.bucket, Prefix: aws.String(b.prefix + prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, b.error("list", prefix, err)
		}
		for _, o := range page.Contents {
			infos = append(infos, ObjectInfo{
				Key:      strings.TrimPrefix(aws.ToString(o.Key), b.prefix),
				Size:     aws.ToInt64(o.Size),
				Modified: aws.ToTime(o.LastModified),
			})
		}
	}
	return infos, nil
}

// Delete implements Bucket.
func (b *S3) Delete(ctx context.Context, keys ...string) error {
	for len(keys) > 0 {
		n := min(len(keys), 1000) // the most one DeleteObjects request takes
		ids := make([]s3types.ObjectIdentifier, n)
		for i, k := range keys[:n] {
			ids[i] = s3types.ObjectIdentifier{Key: aws.String(b.prefix + k)}
		}
		out, err := b.client.DeleteObjects(ctx, &s3.DeleteObjectsInput{
			Bucket: &b.bucket, Delete: &s3types.Delete{Objects: ids, Quiet: aws.Bool(true)},
		})
		if err != nil {
			return b.error("delete", keys[0], err)
		}
		if len(out.Errors) > 0 {
			e := out.Errors[0]
			return fmt.Errorf("%s: delete %s: %s: %s", b.url, aws.ToString(e.Key), aws.ToString(e.Code), aws.ToString(e.Message))
		}
		keys = keys[n:]
	}
	return nil
}

// error turns an SDK error into ErrNotFound or ErrPrecondition where it is one.
func (b *S3) error(op, key string, err error) error {
	var status interface{ HTTPStatusCode() int }
	var api smithy.APIError
	switch {
	case errors.As(err, &api) && api.ErrorCode() == "NoSuchBucket":
		return fmt.Errorf("%s: %s %s: bucket %q does not exist", b.url, op, key, b.bucket)
	case errors.As(err, &api) && (api.ErrorCode() == "NoSuchKey" || api.ErrorCode() == "NotFound"):
		err = ErrNotFound
	case errors.As(err, &api) && (api.ErrorCode() == "PreconditionFailed" || api.ErrorCode() == "ConditionalRequestConflict"):
		err = fmt.Errorf("%w (%s)", ErrPrecondition, api.ErrorCode())
	case errors.As(err, &status) && status.HTTPStatusCode() == http.StatusNotFound:
		err = ErrNotFound
	case errors.As(err, &status) && status.HTTPStatusCode() == http.StatusPreconditionFailed:
		err = ErrPrecondition
	}
	return fmt.Errorf("%s: %s %s: %w", b.url, op, key, err)
}
