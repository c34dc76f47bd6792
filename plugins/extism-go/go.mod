module github.com/sobjects/sobjects/plugins/extism-go

go 1.26

require github.com/extism/go-pdk v1.1.3
