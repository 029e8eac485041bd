package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpSettingsTest {

  @TempDir
  Path dir;

  @Test
  void withoutVariablesTheLimitsAreTheDefaultsAndThereIsNoTls() {
    HttpSettings settings = HttpSettings.fromEnv(Env.of(Map.of()), "TABLECAST_COMMANDS_PORT", 8081);

    assertThat(settings).isEqualTo(new HttpSettings("127.0.0.1", 8081));
    assertThat(settings.maxBodyBytes()).isEqualTo(64 * 1024);
    assertThat(settings.maxInFlight()).isEqualTo(HttpSettings.DEFAULT_MAX_IN_FLIGHT);
    assertThat(settings.keystore()).isEmpty();
    assertThat(settings.scheme()).isEqualTo("http");
  }

  @Test
  void readsTheLimitsFromTheEnvironment() {
    HttpSettings settings = HttpSettings.fromEnv(
        Env.of(Map.of("TABLECAST_HTTP_MAX_BODY_BYTES", "2048", "TABLECAST_HTTP_MAX_IN_FLIGHT", "3")), "P", 1);

    assertThat(settings.maxBodyBytes()).isEqualTo(2048);
    assertThat(settings.maxInFlight()).isEqualTo(3);
  }

  @Test
  void refusesLimitsOutOfRangeNamingTheVariable() {
    assertThatThrownBy(() -> HttpSettings.fromEnv(Env.of(Map.of("TABLECAST_HTTP_MAX_IN_FLIGHT", "0")), "P", 1))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_HTTP_MAX_IN_FLIGHT");
    assertThatThrownBy(() -> HttpSettings.fromEnv(Env.of(Map.of("TABLECAST_HTTP_MAX_BODY_BYTES", "999999999")), "P", 1))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_HTTP_MAX_BODY_BYTES");
  }

  @Test
  void aKeystoreThatOpensTurnsHttpsOnAndItsPasswordIsNeverPrinted() {
    HttpSettings.Keystore generated = TestKeystore.copyTo(dir);

    HttpSettings settings = HttpSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_HTTP_KEYSTORE", generated.path().toString(),
        "TABLECAST_HTTP_KEYSTORE_PASSWORD", TestKeystore.PASSWORD)), "P", 1);

    assertThat(settings.keystore()).isEqualTo(Optional.of(generated));
    assertThat(settings.scheme()).isEqualTo("https");
    assertThat(settings.toString()).doesNotContain(TestKeystore.PASSWORD);
  }

  @Test
  void aKeystoreThatCannotBeUsedStopsTheServiceAtStartNamingTheVariable() throws IOException {
    Path keystore = TestKeystore.copyTo(dir).path();
    Path notAKeystore = Files.writeString(dir.resolve("plain.txt"), "not a keystore");

    assertThatThrownBy(() -> keystoreFromEnv(Map.of("TABLECAST_HTTP_KEYSTORE", keystore.toString())))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_HTTP_KEYSTORE_PASSWORD must be set");
    assertThatThrownBy(() -> keystoreFromEnv(Map.of(
        "TABLECAST_HTTP_KEYSTORE", dir.resolve("missing.p12").toString(), "TABLECAST_HTTP_KEYSTORE_PASSWORD", "x")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("no readable file");
    assertThatThrownBy(() -> keystoreFromEnv(Map.of(
        "TABLECAST_HTTP_KEYSTORE", keystore.toString(), "TABLECAST_HTTP_KEYSTORE_PASSWORD", "wrong-password")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_HTTP_KEYSTORE could not be opened");
    assertThatThrownBy(() -> keystoreFromEnv(Map.of(
        "TABLECAST_HTTP_KEYSTORE", notAKeystore.toString(), "TABLECAST_HTTP_KEYSTORE_PASSWORD", "x")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("could not be opened");
  }

  private static HttpSettings keystoreFromEnv(Map<String, String> vars) {
    return HttpSettings.fromEnv(Env.of(vars), "P", 1);
  }
}
