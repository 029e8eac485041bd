package io.tablecast.common.kafka;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import java.text.ParseException;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.kafka.common.security.auth.AuthenticateCallbackHandler;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerToken;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerTokenCallback;

/**
 * Kafka's OAUTHBEARER login with Microsoft Entra ID tokens, Azure Event Hubs' recommended way in:
 * each token comes from {@code DefaultAzureCredential} (managed identity, workload identity, a
 * developer's login), for the scope in the login's JAAS options ({@code scope=}), which the
 * settings make {@code https://<the first bootstrap host>/.default} unless told otherwise. Kafka
 * asks again before the token expires.
 */
public final class EntraIdKafkaLogin implements AuthenticateCallbackHandler {

  private final Supplier<TokenCredential> credentials;
  private TokenCredential credential;
  private String scope;

  /** As Kafka makes it, from its class name: tokens from {@code DefaultAzureCredential}. */
  public EntraIdKafkaLogin() {
    this(() -> new DefaultAzureCredentialBuilder().build());
  }

  EntraIdKafkaLogin(Supplier<TokenCredential> credentials) {
    this.credentials = credentials;
  }

  @Override
  public void configure(Map<String, ?> configs, String saslMechanism, List<AppConfigurationEntry> jaasConfigEntries) {
    if (!OAuthBearerLoginModule.OAUTHBEARER_MECHANISM.equals(saslMechanism)) {
      throw new IllegalArgumentException("Entra ID tokens are for OAUTHBEARER, not " + saslMechanism);
    }
    scope = jaasConfigEntries.stream().map(entry -> entry.getOptions().get("scope")).filter(Objects::nonNull).map(String::valueOf)
        .findFirst().orElseThrow(() -> new IllegalArgumentException("The OAUTHBEARER login names no scope= for its Entra ID tokens"));
    credential = credentials.get();
  }

  @Override
  public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
    for (Callback callback : callbacks) {
      if (!(callback instanceof OAuthBearerTokenCallback tokens)) {
        throw new UnsupportedCallbackException(callback);
      }
      AccessToken token = credential.getTokenSync(new TokenRequestContext().addScopes(scope));
      Optional<JWTClaimsSet> claims = claims(token.getToken());
      String principal = claims.map(c -> Objects.toString(c.getClaim("oid"), c.getSubject())).filter(Objects::nonNull).orElse("entra-id");
      Long issued = claims.map(JWTClaimsSet::getIssueTime).map(Date::getTime).orElse(null);
      tokens.token(new EntraIdToken(token.getToken(), Set.of(scope), token.getExpiresAt().toInstant().toEpochMilli(), principal, issued));
    }
  }

  @Override
  public void close() {
    // The credential holds nothing to release.
  }

  /** The token's claims, when it is a JWT, as Entra ID's are; Kafka needs only its value and lifetime. */
  private static Optional<JWTClaimsSet> claims(String token) {
    try {
      return Optional.of(JWTParser.parse(token).getJWTClaimsSet());
    } catch (ParseException e) {
      return Optional.empty();
    }
  }

  private record EntraIdToken(String value, Set<String> scope, long lifetimeMs, String principalName, Long startTimeMs)
      implements OAuthBearerToken {}
}
