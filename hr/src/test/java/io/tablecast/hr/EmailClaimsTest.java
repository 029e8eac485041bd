package io.tablecast.hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmailClaimsTest {

  private static final Instant T = Instant.parse("2026-11-26T10:00:00Z");

  private static Map<String, Object> entry(String employeeId, long version, Instant claimedAt) {
    return Map.of("EntityType", "EmailIndex", "EmployeeId", employeeId, "EmailClaimedAt", claimedAt, "Version", version,
        "EventId", "e" + version);
  }

  @Test
  void isWrittenWhereThereIsNoneAndNotRewrittenUnchanged() {
    assertThat(EmailClaims.mayWrite(Optional.empty(), entry("00000001", 1, T))).isTrue();
    assertThat(EmailClaims.mayWrite(Optional.of(entry("00000001", 1, T)), entry("00000001", 1, T))).isFalse();
  }

  @Test
  void followsItsOwnEmployeeForwardButNeverBack() {
    assertThat(EmailClaims.mayWrite(Optional.of(entry("00000001", 1, T)), entry("00000001", 2, T))).isTrue();
    assertThat(EmailClaims.mayWrite(Optional.of(entry("00000001", 3, T)), entry("00000001", 2, T))).isFalse();
  }

  @Test
  void passesToAnotherEmployeeOnlyByANewerClaim() {
    Map<String, Object> ann = entry("00000001", 5, T);
    Map<String, Object> bobLater = entry("00000002", 1, T.plusMillis(1));
    Map<String, Object> bobEarlier = entry("00000002", 9, T.minusMillis(1));

    assertThat(EmailClaims.mayWrite(Optional.of(ann), bobLater)).isTrue();
    assertThat(EmailClaims.mayWrite(Optional.of(bobLater), ann)).as("Ann's stale claim loses").isFalse();
    assertThat(EmailClaims.mayWrite(Optional.of(ann), bobEarlier)).isFalse();
  }

  @Test
  void isRemovableOnlyByTheEmployeeItNames() {
    assertThat(EmailClaims.owns(entry("00000001", 1, T), "00000001")).isTrue();
    assertThat(EmailClaims.owns(entry("00000001", 1, T), "00000002")).isFalse();
  }
}
