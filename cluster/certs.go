package cluster

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// WriteCerts makes the files of mutual TLS between nodes (server.PeerTLSConfig) in
// dir, for development and trials: a certificate authority, ca.pem and ca-key.pem,
// unless dir holds one already, which then signs; and for each node, NODE.pem and
// NODE-key.pem, a certificate for server and client authentication valid for hosts
// (DNS names and IP addresses) for validity, the authority ten times as long. Keys are
// ECDSA P-256, written mode 0600. It returns the paths it wrote.
func WriteCerts(dir string, hosts, nodes []string, validity time.Duration) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var wrote []string
	caCert, caKey, err := loadCA(dir)
	if errors.Is(err, os.ErrNotExist) {
		if caCert, caKey, err = newCA(validity * 10); err != nil {
			return nil, err
		}
		if err := writePEM(filepath.Join(dir, "ca.pem"), "CERTIFICATE", caCert.Raw, 0o644); err != nil {
			return nil, err
		}
		if err := writeKey(filepath.Join(dir, "ca-key.pem"), caKey); err != nil {
			return nil, err
		}
		wrote = append(wrote, filepath.Join(dir, "ca.pem"), filepath.Join(dir, "ca-key.pem"))
	} else if err != nil {
		return nil, err
	}
	for _, node := range nodes {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return nil, err
		}
		tmpl := &x509.Certificate{
			SerialNumber: serial(),
			Subject:      pkix.Name{CommonName: node, Organization: []string{"sobjects cluster"}},
			NotBefore:    time.Now().Add(-time.Hour),
			NotAfter:     time.Now().Add(validity),
			KeyUsage:     x509.KeyUsageDigitalSignature,
			ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		}
		for _, h := range hosts {
			if h = strings.TrimSpace(h); h == "" {
				continue
			} else if ip := net.ParseIP(h); ip != nil {
				tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
			} else {
				tmpl.DNSNames = append(tmpl.DNSNames, h)
			}
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &key.PublicKey, caKey)
		if err != nil {
			return nil, err
		}
		certPath, keyPath := filepath.Join(dir, node+".pem"), filepath.Join(dir, node+"-key.pem")
		if err := writePEM(certPath, "CERTIFICATE", der, 0o644); err != nil {
			return nil, err
		}
		if err := writeKey(keyPath, key); err != nil {
			return nil, err
		}
		wrote = append(wrote, certPath, keyPath)
	}
	return wrote, nil
}

// newCA makes a self-signed certificate authority.
func newCA(validity time.Duration) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: "sobjects cluster development CA", Organization: []string{"sobjects cluster"}},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(validity),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	cert, err := x509.ParseCertificate(der)
	return cert, key, err
}

// loadCA reads the authority that an earlier run wrote into dir.
func loadCA(dir string) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	certPEM, err := os.ReadFile(filepath.Join(dir, "ca.pem"))
	if err != nil {
		return nil, nil, err
	}
	keyPEM, err := os.ReadFile(filepath.Join(dir, "ca-key.pem"))
	if err != nil {
		return nil, nil, fmt.Errorf("%s is there but its key is not: %w", filepath.Join(dir, "ca.pem"), err)
	}
	cb, _ := pem.Decode(certPEM)
	kb, _ := pem.Decode(keyPEM)
	if cb == nil || kb == nil {
		return nil, nil, fmt.Errorf("%s or ca-key.pem holds no PEM block", filepath.Join(dir, "ca.pem"))
	}
	cert, err := x509.ParseCertificate(cb.Bytes)
	if err != nil {
		return nil, nil, fmt.Errorf("ca.pem: %w", err)
	}
	key, err := x509.ParseECPrivateKey(kb.Bytes)
	if err != nil {
		return nil, nil, fmt.Errorf("ca-key.pem: %w", err)
	}
	return cert, key, nil
}

func writeKey(path string, key *ecdsa.PrivateKey) error {
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return err
	}
	return writePEM(path, "EC PRIVATE KEY", der, 0o600)
}

func writePEM(path, kind string, der []byte, mode os.FileMode) error {
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), mode)
}

// serial is a random certificate serial number (RFC 5280 4.1.2.2: up to 20 bytes).
func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	return n
}
