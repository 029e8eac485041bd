package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.auth.TokenVerifier;
import io.tablecast.common.config.AuthSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The issuer's keys are kept through its outage: valid tokens are still accepted while it cannot be reached. */
class IssuerOutageTest {

  private static final Duration REFRESH = Duration.ofSeconds(1);

  @Test
  void aValidTokenIsStillVerifiedWithTheLastKeysFetchedOnceTheIssuerCannotBeReached() throws Exception {
    TestIssuer issuer = TestIssuer.start();
    AuthSettings settings = issuer.settings().withKeysRefresh(REFRESH);
    TokenVerifier verifier = TokenVerifier.of(settings);
    assertThat(verifier.verify(issuer.token(claims -> claims)).subject()).isEqualTo(TestIssuer.SUBJECT);
    String issuedBeforeTheOutage = issuer.token(claims -> claims.subject("still-valid"));

    issuer.close();
    assertThatThrownBy(() -> TokenVerifier.of(settings)).as("the issuer cannot be reached").hasMessageContaining("discovery document");
    Thread.sleep(REFRESH.multipliedBy(3).toMillis()); // the keys are due to be fetched again, and cannot be

    assertThat(verifier.verify(issuedBeforeTheOutage).subject()).isEqualTo("still-valid");
    assertThat(issuer.jwksFetches()).as("fetched once, before the outage").isEqualTo(1);
  }
}
