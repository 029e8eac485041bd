package io.tablecast.viewstore.domain.work;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.viewstore.domain.EmailClaims;
import io.tablecast.viewstore.domain.ViewEntity;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ClaimsAndManagersTest {

  private static final Instant T = Instant.parse("2026-11-26T10:00:00Z");

  private static ViewEntity entry(String employeeId, long version, Instant claimedAt) {
    return ViewEntity.of("employee", "EmailIndex").with("EmployeeId", employeeId).with("EmailClaimedAt", claimedAt)
        .stamped(version, "e" + version);
  }

  @Nested
  class AnEmailEntry {

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
      ViewEntity ann = entry("00000001", 5, T);
      ViewEntity bobLater = entry("00000002", 1, T.plusMillis(1));
      ViewEntity bobEarlier = entry("00000002", 9, T.minusMillis(1));

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

  @Nested
  class ManagerFieldsOfADepartment {

    private final ViewEntity summary = ViewEntity.of("department", "Department").with("Name", "Sales").with("ManagerId", "00000007")
        .with("ManagerFirstName", "Ann").with("ManagerLastName", "Lee").with("ManagerEmail", "a@x.io").stamped(4, "d4");

    private ViewEntity manager(String status) {
      return ViewEntity.of("employee", "EmployeeLocator").with("EmployeeId", "00000007").with("Status", status)
          .with("FirstName", "Anne").with("LastName", "Li").with("Email", "anne@x.io").stamped(9, "e9");
    }

    @Test
    void followTheManagersCurrentDetailsAndKeepTheDepartmentsVersion() {
      ViewEntity followed = ManagerFields.follow(summary, "00000007", manager("Active"));
      assertThat(followed.properties()).containsEntry("ManagerFirstName", "Anne").containsEntry("ManagerLastName", "Li")
          .containsEntry("ManagerEmail", "anne@x.io").containsEntry("Version", 4L).containsEntry("EventId", "d4");
      assertThat(ManagerFields.stillManages(Optional.of(followed), "00000007")).isTrue();
    }

    @Test
    void areRemovedWhenTheManagerIsArchived() {
      ViewEntity followed = ManagerFields.follow(summary, "00000007", manager("Archived"));
      assertThat(followed.properties()).doesNotContainKeys("ManagerId", "ManagerFirstName", "ManagerLastName", "ManagerEmail")
          .containsEntry("Name", "Sales");
      assertThat(ManagerFields.stillManages(Optional.of(followed), "00000007")).isFalse();
    }

    @Test
    void areLeftAloneWhenTheDepartmentHasAnotherManagerNow() {
      assertThat(ManagerFields.follow(summary, "00000008", manager("Active"))).isEqualTo(summary);
      assertThat(ManagerFields.stillManages(Optional.of(summary), "00000008")).isFalse();
    }
  }
}
