package io.tablecast.commands.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.testdata.Commands;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class RegistriesTest {

  private static final Instant NOW = Instant.parse("2026-11-25T22:44:37.595Z");
  private static final EmployeeId ANN = new EmployeeId(1);
  private static final EmployeeId BO = new EmployeeId(2);

  @Nested
  class EmailClaims {

    private final HireEmployee hire = Commands.hire(1, "Sales", "a@x.io");

    @Test
    void aFreeAddressIsClaimedForTheClaimantByItsCommand() {
      EmailRegistry.ClaimOutcome outcome = EmailRegistry.claim(Optional.empty(), "a@x.io", ANN, "c1", hire);
      assertThat(outcome.decision()).isInstanceOf(Decision.Proceed.class);
      assertThat(outcome.entry()).contains(new EmailClaim(ANN, "c1"));
    }

    @Test
    void anAddressHeldByTheClaimantStaysWithItsOriginalClaim() {
      EmailRegistry.ClaimOutcome outcome = EmailRegistry.claim(Optional.of(new EmailClaim(ANN, "c0")), "a@x.io", ANN, "c1", hire);
      assertThat(outcome.decision()).isInstanceOf(Decision.Proceed.class);
      assertThat(outcome.entry()).contains(new EmailClaim(ANN, "c0"));
    }

    @Test
    void anAddressHeldBySomeoneElseIsTaken() {
      EmailRegistry.ClaimOutcome outcome = EmailRegistry.claim(Optional.of(new EmailClaim(BO, "c0")), "a@x.io", ANN, "c1", hire);
      assertThat(((Decision.Rejected) outcome.decision()).rejection().code()).isEqualTo("email-taken");
      assertThat(outcome.entry()).contains(new EmailClaim(BO, "c0"));
    }

    @Test
    void releasesOnlyWhatIsStillHeldAsDescribed() {
      Optional<EmailClaim> held = Optional.of(new EmailClaim(ANN, "c1"));
      assertThat(EmailRegistry.release(held, ReleaseEmailClaim.heldBy("a@x.io", ANN))).isEmpty();
      assertThat(EmailRegistry.release(held, ReleaseEmailClaim.heldBy("a@x.io", BO))).isEqualTo(held);
      assertThat(EmailRegistry.release(held, ReleaseEmailClaim.claimedBy("a@x.io", "c1"))).isEmpty();
      assertThat(EmailRegistry.release(held, ReleaseEmailClaim.claimedBy("a@x.io", "c9"))).isEqualTo(held);
      assertThat(EmailRegistry.release(Optional.empty(), ReleaseEmailClaim.heldBy("a@x.io", ANN))).isEmpty();
    }

    @Test
    void addressesAreComparedLowerCasedWithTheRootLocale() {
      assertThat(ReleaseEmailClaim.heldBy("ANN@X.IO", ANN).normalizedEmail()).isEqualTo("ann@x.io");
      assertThat(Emails.sameAddress("İ@x.io", "i̇@x.io")).isTrue();
    }
  }

  @Nested
  class IdempotencyRecords {

    private final IdempotencyRecord pending = new IdempotencyRecord("fp", "c1", NOW, Optional.empty());

    @Test
    void aNewKeyIsFresh() {
      assertThat(IdempotencyRegistry.check(Optional.empty(), "fp", "c1", NOW)).isInstanceOf(IdempotencyRegistry.Fresh.class);
    }

    @Test
    void aRetryWhileTheFirstRunsWaitsForIt() {
      IdempotencyRegistry.Check check = IdempotencyRegistry.check(Optional.of(pending), "fp", "c2", NOW.plusSeconds(1));
      assertThat(check).isEqualTo(new IdempotencyRegistry.InFlight(pending));
    }

    @Test
    void aRetryAfterTheFirstEndedReplaysIt() {
      IdempotencyRecord done = pending.completedWith(new Completion(Completion.Kind.ACCEPTED, "00000001", 1, Optional.empty()));
      assertThat(IdempotencyRegistry.check(Optional.of(done), "fp", "c2", NOW)).isEqualTo(new IdempotencyRegistry.Replay(done));
    }

    @Test
    void anotherBodyIsAReuse() {
      assertThat(IdempotencyRegistry.check(Optional.of(pending), "other", "c2", NOW)).isInstanceOf(IdempotencyRegistry.Reused.class);
    }

    @Test
    void aKeyIsKeptAtLeastADay() {
      assertThat(IdempotencyRegistry.isExpired(pending, NOW.plus(Duration.ofHours(24)))).isFalse();
      assertThat(IdempotencyRegistry.isExpired(pending, NOW.plus(Duration.ofHours(25)).plusMillis(1))).isTrue();
      assertThat(IdempotencyRegistry.check(Optional.of(pending), "other", "c2", NOW.plus(Duration.ofHours(26))))
          .isInstanceOf(IdempotencyRegistry.Fresh.class);
    }
  }

  @Nested
  class FollowUpsOfADecision {

    private final EmployeeState ann = new EmployeeState(ANN, 1, new DepartmentId("Sales"), "Ann", "Lee", "ann@x.io", 30, false);
    private final EventStamp stamp = new EventStamp("c1", Actor.ANONYMOUS, NOW);

    @Test
    void aRefusalAfterAClaimGivesTheClaimBack() {
      Decision refused = Decision.reject(Rejection.conflict("duplicate-employee", "x"));
      List<Command> followUps = FollowUps.after("c1", Commands.hire(1, "Sales", "New@x.io"), refused, true, Optional.empty(), false);
      assertThat(followUps).containsExactly(ReleaseEmailClaim.claimedBy("new@x.io", "c1"));
    }

    @Test
    void aRefusalBeforeAnyClaimHasNothingToGiveBack() {
      Decision refused = Decision.reject(Rejection.unknownReference("departmentId", "x"));
      assertThat(FollowUps.after("c1", Commands.hire(1, "Nowhere", "a@x.io"), refused, false, Optional.empty(), false)).isEmpty();
    }

    @Test
    void aNewAddressFreesTheOldOneButACaseChangeDoesNot() {
      Decision moved = Decision.accept(new EmployeeDetailsChanged(stamp.metadata("00000001", 2), ANN, ann.departmentId(), "Ann", "Lee", "anna@x.io", 30));
      Decision recased = Decision.accept(new EmployeeDetailsChanged(stamp.metadata("00000001", 2), ANN, ann.departmentId(), "Ann", "Lee", "ANN@x.io", 30));
      assertThat(FollowUps.after("c1", Commands.changeEmail(1, "anna@x.io"), moved, true, Optional.of(ann), false))
          .containsExactly(ReleaseEmailClaim.heldBy("ann@x.io", ANN));
      assertThat(FollowUps.after("c1", Commands.changeEmail(1, "ANN@x.io"), recased, true, Optional.of(ann), false)).isEmpty();
    }

    @Test
    void anArchiveFreesTheAddress() {
      Decision archived = Decision.accept(new EmployeeArchived(stamp.metadata("00000001", 2), ANN, ann.departmentId(), Optional.empty()));
      assertThat(FollowUps.after("c1", Commands.archive(1), archived, false, Optional.of(ann), false))
          .containsExactly(ReleaseEmailClaim.heldBy("ann@x.io", ANN));
    }

    @Test
    void anIdempotentCommandRecordsHowItEndedButNotWhileItGoesOn() {
      Decision unchanged = new Decision.Unchanged("00000001", 1);
      assertThat(FollowUps.after("c1", Commands.changeNothing(1), unchanged, false, Optional.of(ann), true))
          .containsExactly(new RecordCompletion(new Completion(Completion.Kind.UNCHANGED, "00000001", 1, Optional.empty())));
      assertThat(FollowUps.after("c1", Commands.changeNothing(1), Decision.proceed(Commands.changeNothing(1)), false, Optional.empty(), true))
          .isEmpty();
    }
  }
}
