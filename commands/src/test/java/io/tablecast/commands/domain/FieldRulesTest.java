package io.tablecast.commands.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FieldRulesTest {

  private static List<Violation> name(String value) {
    return new FieldRules().name("lastName", value).violations();
  }

  private static List<Violation> email(String value) {
    return new FieldRules().email("email", value).violations();
  }

  @ParameterizedTest
  @ValueSource(strings = {"O'Brien", "Müller", "a/b#c?d", "😀", "李", "x"})
  void acceptsAnyPrintableNameUpTo200Units(String value) {
    assertThat(name(value)).isEmpty();
    assertThat(name("y".repeat(200))).isEmpty();
  }

  @Test
  void refusesEmptyAndOverlongNames() {
    assertThat(name("")).extracting(Violation::message).containsExactly("must have 1 to 200 characters");
    assertThat(name("y".repeat(201))).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"a\u0000b", "tab\there", "new\nline", "del\u007f", "c1\u0085", "c1\u009f"})
  void refusesControlCharacters(String value) {
    assertThat(name(value)).extracting(Violation::message).containsExactly("must not contain control characters");
  }

  @Test
  void refusesLoneSurrogatesButAcceptsPairs() {
    assertThat(name("a\uD83Db")).extracting(Violation::message).containsExactly("must not contain lone surrogates");
    assertThat(name("a\uDE00")).hasSize(1);
    assertThat(name("\uD83D\uDE00")).isEmpty();
  }

  @Test
  void requiresPresence() {
    assertThat(name(null)).extracting(Violation::message).containsExactly("is required");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ann@x.io", "Ann.O'Brien+tag@Example.COM", "a/b#c?d%e@x.io", "ü@ü.de"})
  void acceptsEmailsWithOneAtAndNoWhitespace(String value) {
    assertThat(email(value)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"no-at", "@x.io", "ann@", "a@b@c", "ann @x.io", "ann@x.io\u00a0", ""})
  void refusesMalformedEmails(String value) {
    assertThat(email(value)).hasSize(1);
  }

  @Test
  void refusesEmailsOver254Units() {
    assertThat(email("a".repeat(250) + "@x.io")).hasSize(1);
    assertThat(email("a".repeat(249) + "@x.io")).isEmpty();
  }

  @Test
  void agesRunFrom16To120() {
    assertThat(new FieldRules().age("age", 16).age("age", 120).violations()).isEmpty();
    assertThat(new FieldRules().age("age", 15).age("age", 121).age("age", null).violations()).hasSize(3);
  }

  @Test
  void idsFollowSpecSection2() {
    FieldRules ok = new FieldRules().employeeId("employeeId", "123").employeeId("employeeId", "00000123").departmentId("d", "Sales-2");
    assertThat(ok.violations()).isEmpty();
    FieldRules bad = new FieldRules().employeeId("employeeId", "123456789").employeeId("employeeId", "12a")
        .departmentId("d", "2Sales").departmentId("d", "Sa les").departmentId("d", "a".repeat(65));
    assertThat(bad.violations()).hasSize(5);
  }

  @Test
  void listsEveryProblemAtOnce() {
    List<Violation> all = new FieldRules().name("firstName", "").email("email", "x").age("age", 3).violations();
    assertThat(all).extracting(Violation::field).containsExactly("firstName", "email", "age");
  }
}
