package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuthSettingsTest {

  private static final String ISSUER = "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0";

  @Test
  void withoutAnIssuerAuthenticationIsOff() {
    assertThat(AuthSettings.fromEnv(Env.of(Map.of()))).isEmpty();
  }

  @Test
  void anIssuerAndAnAudienceTurnItOnWithDiscoveryAndTheDefaultSkew() {
    AuthSettings settings = AuthSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_AUTH_ISSUER", ISSUER, "TABLECAST_AUTH_AUDIENCE", "api://tablecast"))).orElseThrow();

    assertThat(settings).isEqualTo(AuthSettings.of(ISSUER, "api://tablecast"));
    assertThat(settings.discoveryUrl()).isEqualTo(URI.create(ISSUER + "/.well-known/openid-configuration"));
    assertThat(settings.clockSkew()).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void aJwksUrlAndASkewAreTakenWhenSet() {
    AuthSettings settings = AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", "https://issuer.example/",
        "TABLECAST_AUTH_AUDIENCE", "tablecast", "TABLECAST_AUTH_JWKS_URL", "https://issuer.example/keys",
        "TABLECAST_AUTH_CLOCK_SKEW", "10s"))).orElseThrow();

    assertThat(settings.jwksUrl()).contains(URI.create("https://issuer.example/keys"));
    assertThat(settings.clockSkew()).isEqualTo(Duration.ofSeconds(10));
    assertThat(settings.discoveryUrl()).isEqualTo(URI.create("https://issuer.example/.well-known/openid-configuration"));
  }

  @Test
  void theKeysAreFetchedAgainEveryFiveMinutesUnlessToldWithinASecondAndADay() {
    assertThat(AuthSettings.of(ISSUER, "a").keysRefresh()).isEqualTo(Duration.ofMinutes(5));
    assertThat(AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER, "TABLECAST_AUTH_AUDIENCE", "a",
        "TABLECAST_AUTH_KEYS_REFRESH", "1h"))).orElseThrow().keysRefresh()).isEqualTo(Duration.ofHours(1));
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER, "TABLECAST_AUTH_AUDIENCE", "a",
        "TABLECAST_AUTH_KEYS_REFRESH", "25h")))).isInstanceOf(ConfigException.class).hasMessageContaining("within 1s..24h");
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_KEYS_REFRESH", "1m"))))
        .hasMessageContaining("TABLECAST_AUTH_KEYS_REFRESH is set but TABLECAST_AUTH_ISSUER is not");
  }

  @Test
  void appRolesOnlyAndTheAllowedClientsAreTakenWhenSet_andAnythingButTrueOrFalseIsRefused() {
    AuthSettings settings = AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER, "TABLECAST_AUTH_AUDIENCE", "a",
        "TABLECAST_AUTH_APP_ROLES_ONLY", "TRUE", "TABLECAST_AUTH_CLIENTS", " client-a, client-b ,,"))).orElseThrow();

    assertThat(settings.appRolesOnly()).isTrue();
    assertThat(settings.clients()).containsExactlyInAnyOrder("client-a", "client-b");
    assertThat(AuthSettings.of(ISSUER, "a")).extracting(AuthSettings::appRolesOnly, AuthSettings::clients).containsExactly(false, Set.of());
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER, "TABLECAST_AUTH_AUDIENCE", "a",
        "TABLECAST_AUTH_APP_ROLES_ONLY", "yes"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_APP_ROLES_ONLY");
  }

  @Test
  void aServiceOnItsOwnIsClosedByDefault_refusingToStartWithoutAnIssuerUnlessAuthenticationIsTurnedOffExplicitly() {
    assertThatThrownBy(() -> AuthSettings.required(Env.of(Map.of()))).isInstanceOf(ConfigException.class)
        .hasMessage("TABLECAST_AUTH_ISSUER and TABLECAST_AUTH_AUDIENCE are not set: set them, or set TABLECAST_AUTH=off to accept every"
            + " request without a token");
    assertThat(AuthSettings.required(Env.of(Map.of("TABLECAST_AUTH", "off")))).as("every request accepted, on purpose").isEmpty();
    assertThat(AuthSettings.required(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER, "TABLECAST_AUTH_AUDIENCE", "a")))).isPresent();
    assertThatThrownBy(() -> AuthSettings.required(Env.of(Map.of("TABLECAST_AUTH", "off", "TABLECAST_AUTH_ISSUER", ISSUER,
        "TABLECAST_AUTH_AUDIENCE", "a")))).isInstanceOf(ConfigException.class).hasMessageContaining("unset one of them");
    assertThatThrownBy(() -> AuthSettings.required(Env.of(Map.of("TABLECAST_AUTH", "disabled"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH must be one of on, off");
  }

  @Test
  void anIssuerWithoutAnAudienceIsAConfigurationError() {
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_AUDIENCE");
  }

  @Test
  void anAudienceOrJwksUrlWithoutAnIssuerIsAnErrorNotASilentOff() {
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_AUDIENCE", "api://tablecast"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_ISSUER");
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_JWKS_URL", "https://issuer.example/keys"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_ISSUER");
  }

  @Test
  void plainHttpIsRefusedForAnIssuerOrJwksUrlElsewhereThanOnThisMachine() {
    assertThatThrownBy(() -> AuthSettings.of("http://login.example.com/tenant", "api://tablecast"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_ISSUER must be an https URL");
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", "https://login.example.com/tenant",
        "TABLECAST_AUTH_AUDIENCE", "a", "TABLECAST_AUTH_JWKS_URL", "http://keys.example.com/keys"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_JWKS_URL must be an https URL");
    for (String local : List.of("http://localhost:8080/tenant", "http://127.0.0.1:8080/tenant", "http://[::1]:8080/tenant")) {
      assertThat(AuthSettings.of(local, "api://tablecast").issuer()).as("a local test issuer").isEqualTo(local);
    }
  }

  @Test
  void anIssuerOrJwksUrlThatIsNotAnHttpUrlIsRefused() {
    assertThatThrownBy(() -> AuthSettings.of("login.example.com", "api://tablecast"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_ISSUER");
    assertThatThrownBy(() -> AuthSettings.fromEnv(Env.of(Map.of("TABLECAST_AUTH_ISSUER", ISSUER,
        "TABLECAST_AUTH_AUDIENCE", "a", "TABLECAST_AUTH_JWKS_URL", "ftp://x/keys"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_AUTH_JWKS_URL");
  }
}
