//! TLS to PostgreSQL, as libpq words it in the address: `sslmode=disable`,
//! `prefer` (the default: TLS when the server offers it), `require` (TLS,
//! the certificate not checked), `verify-ca` (the certificate signed by a
//! trusted root) and `verify-full` (and naming the host); `sslrootcert` a
//! PEM file of the roots to trust, else the system's. Managed databases ask
//! for `require` or better. rustls on ring: nothing is downloaded.

use std::sync::Arc;

use rustls::DigitallySignedStruct;
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use tokio_postgres_rustls::MakeRustlsConnect;

/// How far the server's certificate is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Not at all (`disable`, `prefer`, `require`).
    None,
    /// Signed by a trusted root (`verify-ca`).
    Ca,
    /// Signed by a trusted root and naming the host (`verify-full`).
    Full,
}

/// An address as tokio-postgres reads it, and what TLS it asks for.
#[derive(Debug)]
pub struct Secured {
    /// The address with `sslrootcert` taken out and the `verify-*` modes
    /// written `require` (tokio-postgres knows neither).
    pub url: String,
    pub check: Check,
    /// `sslrootcert`, if given.
    pub roots: Option<String>,
}

/// Reads `sslmode` and `sslrootcert` out of a `postgres://` address.
pub fn secured(url: &str) -> Result<Secured, String> {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut kept = Vec::new();
    let (mut check, mut roots) = (Check::None, None);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (key, value) {
            ("sslmode", "verify-ca") => {
                check = Check::Ca;
                kept.push("sslmode=require".to_owned());
            }
            ("sslmode", "verify-full") => {
                check = Check::Full;
                kept.push("sslmode=require".to_owned());
            }
            ("sslmode", "disable" | "prefer" | "require") => kept.push(pair.to_owned()),
            ("sslmode", other) => {
                return Err(format!(
                    "sslmode={other}: give disable, prefer, require, verify-ca or verify-full"
                ));
            }
            ("sslrootcert", path) => roots = Some(path.to_owned()),
            _ => kept.push(pair.to_owned()),
        }
    }
    if roots.is_some() && check == Check::None {
        return Err("sslrootcert is read with sslmode=verify-ca or verify-full".into());
    }
    let url = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok(Secured { url, check, roots })
}

/// The TLS connector for `s`: its roots loaded now, so that a missing or
/// unreadable `sslrootcert` is said at start.
pub fn connector(s: &Secured) -> Result<MakeRustlsConnect, String> {
    // ring, deprecated for want of post-quantum key exchange, builds with a
    // C compiler alone (aws-lc-rs asks for CMake as well).
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let webpki = match s.check {
        Check::None => None,
        Check::Ca | Check::Full => {
            let mut store = rustls::RootCertStore::empty();
            match &s.roots {
                Some(path) => {
                    let certs = CertificateDer::pem_file_iter(path)
                        .and_then(|i| i.collect::<Result<Vec<_>, _>>())
                        .map_err(|e| {
                            format!("sslrootcert={path}: not a PEM file of certificates ({e})")
                        })?;
                    if certs.is_empty() {
                        return Err(format!("sslrootcert={path}: holds no certificate"));
                    }
                    for c in certs {
                        store
                            .add(c)
                            .map_err(|e| format!("sslrootcert={path}: {e}"))?;
                    }
                }
                None => {
                    let found = rustls_native_certs::load_native_certs();
                    store.add_parsable_certificates(found.certs);
                    if store.is_empty() {
                        return Err("no system root certificate was found: give sslrootcert".into());
                    }
                }
            }
            let v = WebPkiServerVerifier::builder_with_provider(Arc::new(store), provider.clone())
                .build()
                .map_err(|e| e.to_string())?;
            Some(v)
        }
    };
    let verifier = Arc::new(Verifier {
        check: s.check,
        webpki,
        provider: provider.clone(),
    });
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    Ok(MakeRustlsConnect::new(config))
}

/// The certificate checked as far as [`Check`] says; the handshake's
/// signatures always.
#[derive(Debug)]
struct Verifier {
    check: Check,
    webpki: Option<Arc<WebPkiServerVerifier>>,
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(webpki) = &self.webpki else {
            return Ok(ServerCertVerified::assertion());
        };
        let verdict = webpki.verify_server_cert(end_entity, intermediates, server_name, ocsp, now);
        match (self.check, verdict) {
            // verify-ca: the chain, whatever name the certificate gives.
            (
                Check::Ca,
                Err(rustls::Error::InvalidCertificate(
                    rustls::CertificateError::NotValidForName
                    | rustls::CertificateError::NotValidForNameContext { .. },
                )),
            ) => Ok(ServerCertVerified::assertion()),
            (_, verdict) => verdict,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verify_modes_are_read_out_of_the_address() {
        let s = secured(
            "postgres://u:p@db/v?sslmode=verify-full&sslrootcert=/ca.pem&application_name=x",
        )
        .unwrap();
        assert_eq!(s.check, Check::Full);
        assert_eq!(s.roots.as_deref(), Some("/ca.pem"));
        assert_eq!(
            s.url,
            "postgres://u:p@db/v?sslmode=require&application_name=x"
        );
        let s = secured("postgres://u:p@db/v?sslmode=require").unwrap();
        assert_eq!(
            (s.check, s.url.as_str()),
            (Check::None, "postgres://u:p@db/v?sslmode=require")
        );
        assert_eq!(secured("postgres://db/v").unwrap().url, "postgres://db/v");
        for bad in [
            "postgres://db/v?sslmode=allow-ish",
            "postgres://db/v?sslmode=require&sslrootcert=/ca.pem",
        ] {
            assert!(secured(bad).is_err(), "{bad}");
        }
        let missing =
            secured("postgres://db/v?sslmode=verify-ca&sslrootcert=/no/such.pem").unwrap();
        let e = connector(&missing).err().unwrap();
        assert!(e.contains("sslrootcert=/no/such.pem"), "{e}");
    }
}
