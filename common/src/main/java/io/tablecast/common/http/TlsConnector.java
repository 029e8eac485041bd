package io.tablecast.common.http;

import io.tablecast.common.config.HttpSettings;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * The HTTPS connector of a service with a keystore: TLS, then HTTP/1.1, on the service's host and
 * port, in place of the plain HTTP one (so that nothing is served in the clear).
 *
 * <p>The SNI host check is off: one service serves one certificate, so there is no other virtual
 * host a request could reach through a mismatched name, and the check would refuse clients that
 * reach the service by an address the certificate does not name (a load balancer's health check).
 * Clients still verify the certificate against the name they dialled. Protocols and cipher suites
 * are Jetty's defaults, which leave out SSL, the export and null suites and those without forward
 * secrecy.
 */
final class TlsConnector {

  private TlsConnector() {}

  static Connector of(Server server, HttpConfiguration http, HttpSettings settings, HttpSettings.Keystore keystore) {
    SslContextFactory.Server tls = new SslContextFactory.Server();
    tls.setKeyStorePath(keystore.path().toAbsolutePath().toString());
    tls.setKeyStorePassword(keystore.password());
    tls.setKeyStoreType(HttpSettings.Keystore.TYPE);
    HttpConfiguration https = new HttpConfiguration(http);
    https.setSecureScheme("https");
    https.addCustomizer(new SecureRequestCustomizer(false));
    ServerConnector connector = new ServerConnector(
        server, new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()), new HttpConnectionFactory(https));
    connector.setHost(settings.host());
    connector.setPort(settings.port());
    return connector;
  }
}
