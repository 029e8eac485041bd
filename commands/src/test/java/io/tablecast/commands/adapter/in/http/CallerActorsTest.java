package io.tablecast.commands.adapter.in.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tablecast.common.http.Caller;
import io.tablecast.common.http.ProblemException;
import io.tablecast.events.Actor;
import org.junit.jupiter.api.Test;

/** Which actor a request's command carries, given the caller authentication attached. */
class CallerActorsTest {

  @Test
  void withAuthenticationOffTheActorIsAnonymous() {
    assertThat(CallerActors.of(Caller.ANONYMOUS)).isEqualTo(Actor.ANONYMOUS);
  }

  @Test
  void anAuthenticatedCallersSubjectIsTheActorVerbatim() {
    String entraObjectId = "3F2504E0-4f89-11d3-9a0c-0305e82c3301";

    assertThat(CallerActors.of(new Caller(entraObjectId)).subject()).isEqualTo(entraObjectId);
  }

  @Test
  void aSubjectOfTheLongestLengthOpenIdConnectAllowsIsKept() {
    String longest = "s".repeat(Actor.MAX_LENGTH);

    assertThat(CallerActors.of(new Caller(longest)).subject()).isEqualTo(longest);
  }

  @Test
  void aLongerSubjectIsRefusedWith400BeforeAnyCommandIsSent() {
    ProblemException refused =
        catchThrowableOfType(() -> CallerActors.of(new Caller("s".repeat(Actor.MAX_LENGTH + 1))), ProblemException.class);

    assertThat(refused.type().status()).isEqualTo(400);
    assertThat(refused.getMessage()).contains("256 characters", "at most 255");
  }
}
