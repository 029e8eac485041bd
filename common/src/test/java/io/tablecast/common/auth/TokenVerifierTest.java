package io.tablecast.common.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenVerifierTest {

  @Test
  void aReasonIsMadeFitForAQuotedStringOfTheChallenge() {
    assertThat(TokenVerifier.describe("JWT iss claim has value \"x\\y\"\n")).isEqualTo("JWT iss claim has value ?x?y??");
    assertThat(TokenVerifier.describe("a".repeat(500))).hasSize(200);
  }
}
