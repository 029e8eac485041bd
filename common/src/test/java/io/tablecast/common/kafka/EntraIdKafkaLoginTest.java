package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerToken;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerTokenCallback;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class EntraIdKafkaLoginTest {

  private static final String SCOPE = "https://contoso.servicebus.windows.net/.default";
  private static final Instant ISSUED = Instant.parse("2026-12-02T00:00:00Z");
  private static final OffsetDateTime EXPIRES = OffsetDateTime.of(2026, 12, 2, 1, 0, 0, 0, ZoneOffset.UTC);

  private final List<String> scopesAsked = new ArrayList<>();
  private final TokenCredential credential = request -> {
    scopesAsked.addAll(request.getScopes());
    String jwt = new PlainJWT(new JWTClaimsSet.Builder().subject("app-sub").claim("oid", "object-7").issueTime(Date.from(ISSUED))
        .build()).serialize();
    return Mono.just(new AccessToken(jwt, EXPIRES));
  };

  @Test
  void handsKafkaATokenForTheLoginsScopeWithItsLifetimeAndObjectId() throws Exception {
    EntraIdKafkaLogin login = configured("OAUTHBEARER");
    OAuthBearerTokenCallback callback = new OAuthBearerTokenCallback();

    login.handle(new Callback[] {callback});

    OAuthBearerToken token = callback.token();
    assertThat(scopesAsked).containsExactly(SCOPE);
    assertThat(token.value()).isNotBlank();
    assertThat(token.scope()).containsExactly(SCOPE);
    assertThat(token.lifetimeMs()).isEqualTo(EXPIRES.toInstant().toEpochMilli());
    assertThat(token.startTimeMs()).isEqualTo(ISSUED.toEpochMilli());
    assertThat(token.principalName()).isEqualTo("object-7");
  }

  @Test
  void servesOAuthBearerAloneAndNeedsAScope() {
    assertThatThrownBy(() -> configured("PLAIN")).hasMessageContaining("not PLAIN");
    EntraIdKafkaLogin login = new EntraIdKafkaLogin(() -> credential);
    assertThatThrownBy(() -> login.configure(Map.of(), "OAUTHBEARER", List.of(entry(Map.of()))))
        .hasMessageContaining("no scope=");
    assertThatThrownBy(() -> configured("OAUTHBEARER").handle(new Callback[] {new Callback() { }}))
        .isInstanceOf(UnsupportedCallbackException.class);
  }

  @Test
  void isTheLoginThatTheSettingsNameForOAuthBearer() throws Exception {
    KafkaSettings kafka = KafkaSettings.fromEnv(Env.of(Map.of("TABLECAST_KAFKA_BOOTSTRAP", "contoso.servicebus.windows.net:9093",
        "TABLECAST_KAFKA_SASL_MECHANISM", "OAUTHBEARER")));

    assertThat(Class.forName(kafka.connection().get("sasl.login.callback.handler.class"))).isEqualTo(EntraIdKafkaLogin.class);
  }

  private EntraIdKafkaLogin configured(String mechanism) {
    EntraIdKafkaLogin login = new EntraIdKafkaLogin(() -> credential);
    login.configure(Map.of(), mechanism, List.of(entry(Map.of("scope", SCOPE))));
    return login;
  }

  private static AppConfigurationEntry entry(Map<String, String> options) {
    return new AppConfigurationEntry("org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule",
        LoginModuleControlFlag.REQUIRED, options);
  }
}
