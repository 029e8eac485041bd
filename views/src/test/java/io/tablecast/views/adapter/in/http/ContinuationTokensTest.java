package io.tablecast.views.adapter.in.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ContinuationTokensTest {

  private final ContinuationTokens tokens = new ContinuationTokens("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

  @Property
  void aSealedCursorOpensInItsOwnListing(@ForAll String cursor, @ForAll String scope) {
    assertThat(tokens.open(scope, tokens.seal(scope, cursor))).contains(cursor);
  }

  @Property
  void anyChangedCharacterMakesTheTokenRefused(@ForAll("cursors") String cursor, @ForAll("positions") double where,
      @ForAll("base64url") char replacement) {
    String token = tokens.seal("employees/Sales", cursor);
    int at = (int) (where * token.length());
    String changed = token.substring(0, at) + replacement + token.substring(at + 1);
    if (!changed.equals(token)) {
      assertThat(tokens.open("employees/Sales", changed)).isEmpty();
    }
  }

  @Test
  void aTokenOfAnotherListingOrAnotherKeyIsRefused() {
    String token = tokens.seal("employees/Sales", "Sales;empid_00000007");
    ContinuationTokens otherKey = new ContinuationTokens("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.UTF_8));

    assertThat(tokens.open("employees/Ops", token)).isEmpty();
    assertThat(otherKey.open("employees/Sales", token)).isEmpty();
  }

  @Test
  void garbageIsRefusedWithoutAnError() {
    for (String garbage : new String[] {"", ".", "abc", "a.b.c", "%%%.***", "x".repeat(10_000)}) {
      assertThat(tokens.open("employees/Sales", garbage)).as(garbage).isEmpty();
    }
  }

  @Provide
  Arbitrary<String> cursors() {
    return Arbitraries.strings().ofMinLength(1).ofMaxLength(60);
  }

  @Provide
  Arbitrary<Double> positions() {
    return Arbitraries.doubles().between(0, 0.999).ofScale(3);
  }

  @Provide
  Arbitrary<Character> base64url() {
    return Arbitraries.of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.".chars().mapToObj(c -> (char) c).toList());
  }
}
