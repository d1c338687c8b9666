"""A bounded mutation check of the rule modules behind the powers, the reading of records and the
legal decisions each handler builds without asking ``problem`` (group ``legal``): each mutant is
one line of a rule changed by hand (a condition dropped or turned, a rule cited wrongly, a
zone swapped), run against the tests that speak for that rule. A mutant that no test kills
is a blind spot, unless the change means the same rule (then say why in ``EQUIVALENT``).

Run from the repository root: ``python -m tests.powers.mutants`` (a few minutes), or name
groups to run only theirs: ``python -m tests.powers.mutants read``. The
project is copied into a temporary folder and mutated there; nothing here is changed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).parents[2]

GROUPS: dict[str, tuple[str, ...]] = {
    "cite": ("tests/powers/test_cited_rules.py", "tests/powers/test_classic_sewer_stairway.py"),
    "also": ("tests/powers/test_also_steps.py", "tests/engine/test_rulings.py::test_also_step_at_once",
             "tests/powers/test_action_sequence.py"),
    "turned": ("tests/powers/test_turned_up.py", "tests/powers/test_geek_powers.py", "tests/rulebook/test_gk_examples.py"),
    "jack": ("tests/powers/test_jacks_as_material.py",),
    "give": ("tests/engine/test_legionary.py", "tests/powers/test_classic_combinations.py"),
    "tric": ("tests/powers/test_triclinium.py", "tests/powers/test_geek_powers.py", "tests/rulebook/test_gk_examples.py"),
    "end": ("tests/powers/test_game_end_steps.py", "tests/powers/test_turned_up.py", "tests/rulebook"),
    "add": ("tests/engine/test_build.py", "tests/powers/test_building_powers.py", "tests/rulebook"),
    "legal": ("tests/engine/test_shortcuts.py", "tests/engine/test_game_listed.py", "tests/powers/test_hooks.py",
              "tests/engine/test_think.py", "tests/engine/test_build.py", "tests/engine/test_patron.py",
              "tests/engine/test_turn.py", "tests/engine/test_rulings.py", "tests/powers/test_classic_bath.py",
              "tests/powers/test_statue.py", "tests/powers/test_turned_up.py", "tests/engine/test_illegal.py",
              "tests/engine/test_look_ahead.py"),
    "kept": ("tests/powers/test_hooks.py", "tests/engine/test_invariants.py", "tests/replay/test_examples.py",
             "tests/selfplay/test_selfplay_invariants.py", "tests/powers/test_building_powers.py",
             "tests/powers/test_classic_sewer_stairway.py", "tests/powers/test_geek_powers.py",
             "tests/powers/test_spoils.py"),
    "score": ("tests/engine/test_scoring.py", "tests/engine/test_merchant.py", "tests/engine/test_rulings.py"),
    "read": ("tests/replay/test_reading.py", "tests/engine/test_refusals.py", "tests/replay/test_reading_property.py",
             "tests/engine/test_legionary.py", "tests/replay/test_invalid_records.py", "tests/replay/test_turns_left_out.py"),
    "guard": ("tests/powers/test_spoils.py", "tests/powers/test_classic_combinations.py", "tests/powers/test_hooks.py",
              "tests/engine/test_rulings.py"),
    "places": ("tests/powers/test_combinations.py", "tests/powers/test_classic_limits_and_plays.py",
               "tests/powers/test_hooks.py", "tests/rulebook/test_bb_steps.py", "tests/replay/test_unseen.py",
               "tests/powers/test_jacks_as_material.py"),
    "prison": ("tests/engine/test_rulings.py", "tests/powers/test_classic_combinations.py",
               "tests/powers/test_classic_limits_and_plays.py", "tests/powers/test_geek_powers.py",
               "tests/engine/test_refusals.py", "tests/rulebook/test_cl_stone.py",
               "tests/rulebook/test_bb_structures.py"),
    "explain": ("tests/engine/test_look_ahead.py", "tests/engine/test_fidelity.py", "tests/engine/test_refusals.py",
                "tests/engine/test_legionary.py", "tests/engine/test_invariants.py", "tests/rulebook/test_bb_actions.py",
                "tests/replay/test_reading.py"),
    "points": ("tests/store/test_points_kept.py", "tests/replay/test_examples.py", "tests/replay/test_visitors.py"),
    "left": ("tests/engine/test_position_left_out.py", "tests/rulebook/test_rulebook_records.py"),
    "order": ("tests/engine/test_fidelity.py", "tests/replay/test_reading.py"),
    "circus": ("tests/powers/test_circus_maximus_hired.py", "tests/powers/test_action_sequence.py"),
    "spoils": ("tests/powers/test_spoils.py", "tests/engine/test_illegal.py", "tests/engine/test_refusals.py",
               "tests/engine/test_rulings.py"),
    "paid": ("tests/powers/test_geek_powers.py", "tests/rulebook/test_gk_examples.py", "tests/engine/test_rulings.py"),
    "statue": ("tests/engine/test_rulings.py", "tests/powers/test_statue.py"),
    "sweep": ("tests/powers", "tests/engine", "tests/rulebook"),
    "ending": ("tests/powers", "tests/engine", "tests/rulebook"),
    "pool": ("tests/replay/test_reading.py", "tests/replay/test_expansion.py", "tests/engine/test_legionary.py",
             "tests/replay/test_unseen.py"),
    "judge": ("tests/play/test_no_peeking.py", "tests/play/test_annotate.py"),
    "reimport": ("tests/store/test_reimport.py",),
    "wins": ("tests/powers/test_combinations.py", "tests/engine/test_end.py", "tests/engine/test_scoring.py",
             "tests/replay/test_unseen.py", "tests/render/test_narration.py"),
    "gate": ("tests/powers/test_combinations.py", "tests/rulebook"),
    "geek": ("tests/powers/test_triclinium.py", "tests/powers/test_geek_powers.py", "tests/engine/test_rulings.py",
             "tests/rulebook/test_gk_examples.py"),
    "plays": ("tests/powers/test_classic_limits_and_plays.py", "tests/engine/test_game_listed.py"),
    "think": ("tests/engine/test_rulings.py", "tests/engine/test_think.py"),
    "seat": ("tests/replay/test_seat_views.py", "tests/replay/test_viewpoint.py", "tests/cli/test_seat_outputs.py",
             "tests/table/test_one_at_a_time.py", "tests/table/test_table_views.py", "tests/render/test_narration.py"),
    "deck": ("tests/engine/test_end.py", "tests/powers/test_turned_up.py", "tests/powers/test_game_end_steps.py"),
    "forum": ("tests/engine/test_rulings.py", "tests/powers/test_combinations.py", "tests/powers/test_client_powers.py"),
    "training": ("tests/engine/test_training_game.py",),
    "turns": ("tests/replay/test_turns_left_out.py", "tests/cli/test_record.py", "tests/cli/test_record_unseen.py"),
    "sites": ("tests/powers/test_given_sites.py", "tests/engine/test_rulings.py"),
    "peek": ("tests/play/test_no_peeking.py", "tests/play/test_knowledge.py"),
    "position": ("tests/replay/test_position_over.py", "tests/engine/test_fidelity.py", "tests/rulebook",
                 "tests/powers/test_hooks.py"),
    "blind": ("tests/play/test_no_peeking.py", "tests/rulebook/test_rulebook_records.py"),
    "stairway": ("tests/powers/test_stairway_actions.py", "tests/powers/test_public_powers.py",
                 "tests/powers/test_action_sequence.py", "tests/rulebook"),
    "allowance": ("tests/engine/test_refusals.py",),
    "piles": ("tests/engine/test_shortcuts.py", "tests/engine/test_legionary.py", "tests/rulebook/test_bb_plays_and_demands.py"),
}
"""The tests that speak for each group of rules mutated."""

ROLES = "gtr_replay/engine/handlers/roles.py"
OPENING = "gtr_replay/engine/opening.py"
FLOW = "gtr_replay/engine/flow.py"
BUILDING = "gtr_replay/powers/building.py"
STRUCTURES = "gtr_replay/engine/handlers/structures.py"
GEEK = "gtr_replay/powers/geek.py"
GAME = "gtr_replay/engine/game.py"
REPLAYER = "gtr_replay/replay/replayer.py"
CORE = "gtr_replay/engine/core.py"
SNAPSHOT = "gtr_replay/replay/snapshot.py"
SPOILS = "gtr_replay/engine/handlers/spoils.py"
PLAY = "gtr_replay/engine/handlers/play.py"
MUTANTS: list[tuple[str, str, str, str]] = [
    # citations: a card's rules as the ruleset in play numbers them (point 4a)
    ("cite", "gtr_replay/engine/citations.py", 'if card is not None and rule.partition("-")[0] not in own and card in by_card:',
     'if card is not None and card in by_card:'),
    ("cite", "gtr_replay/engine/citations.py", 'if card is not None and rule.partition("-")[0] not in own and card in by_card:',
     'if False:'),
    ("cite", "gtr_replay/engine/citations.py", 'if r.partition("-")[0] in own and card_of(r) == _spelt(target))',
     'if card_of(r) == _spelt(target))'),
    ("cite", "gtr_replay/engine/citations.py", 'names = {alias: target for alias, target in card_set.aliases.items() if target in powers}',
     'names = {}'),
    ("cite", "gtr_replay/engine/core.py", 'error.rule_ids = citations.cited(state.ruleset, error.rule_ids)', 'pass'),
    ("cite", "gtr_replay/engine/handlers/keep.py", 'if way is None or way in p.before_think(ctx, i)]', ']'),
    ("cite", "gtr_replay/engine/handlers/keep.py",
     'return problem("the discard before a think is the whole hand", *_discard_rules(state, i, "hand"))',
     'return problem("the discard before a think is the whole hand", "B-VOMITORIUM-1")'),
    # an action's "also" step stays open (point 3)
    ("also", ROLES, 'if granted and since is not None:', 'if False:'),
    ("also", ROLES, 'if burst <= 0 or state.rulings.also_step is not AlsoStep.AFTER_BURST_TOO:', 'if burst <= 0:'),
    ("also", ROLES, 'return [step.open_over(burst) for step in granted]', 'return granted'),
    ("also", ROLES, 'if step.also and burst > 0:', 'if step.also:'),
    ("also", ROLES, 'state.steps.insert(max(len(state.steps) - burst, 0), step.open_over(0))',
     'state.steps.append(step.open_over(0))'),
    ("also", ROLES, 'state.steps.insert(max(len(state.steps) - burst, 0), step.open_over(0))',
     'state.steps.insert(max(len(state.steps) - burst, 0), step)'),
    ("also", "gtr_replay/engine/handlers/passing.py", 'defer_also(state, step)', 'pass'),
    # the turned-up cards (point 5b)
    ("turned", ROLES, 'if step is not None and step.turned_up:\n            return state.turned_up',
     'if False:\n            return state.turned_up'),
    ("turned", ROLES, '(state.turned_up if turned_up else state.deck).remove(card)', 'state.deck.remove(card)'),
    ("turned", ROLES, 'return Zone.TURNED_UP if turned_up else zone', 'return zone'),
    ("turned", FLOW, 'return not state.deck and not state.turned_up and state.rulings.deck_end is DeckEnd.LAST_CARD',
     'return not state.deck and state.rulings.deck_end is DeckEnd.LAST_CARD'),
    ("turned", "gtr_replay/engine/rules.py", 'del state.deck[:count]', 'pass'),
    ("turned", "gtr_replay/engine/rules.py", 'state.turned_up.extend(state.deck[:count])', 'pass'),
    ("turned", GEEK, 'ctx.turn_up(owner, count)', 'pass'),
    ("turned", "gtr_replay/game/state.py", '**({"turned_up": list(self.turned_up)} if self.turned_up else {}),', ''),
    ("turned", "gtr_replay/engine/unseen.py", 'if any(is_unseen(c) for c in state.turned_up):', 'if False:'),
    ("turned", "gtr_replay/engine/invariants.py", '+ Counter(state.turned_up)', ''),
    # Jacks as material (point 7)
    ("jack", ROLES, '    if d.card == JACK:\n        return problem("a Jack is not an Order card", "R-CARD-6", "R-JACK-3")\n', ''),
    ("jack", "gtr_replay/engine/invariants.py", 'for e in events if e.card == JACK and e.kind == EventKind.MOVE and e.target in JACKLESS]',
     'for e in events if False]'),
    ("jack", "gtr_replay/engine/invariants.py", 'if any(b.foundation == JACK or JACK in b.materials for b in p.buildings):', 'if False:'),
    # a give to the demander only (point 7)
    ("give", "gtr_replay/engine/handlers/legionary.py", 'if d.player != victim.name or d.to != demander.name:',
     'if d.player != victim.name:'),
    # the Triclinium (point 7)
    ("tric", GEEK, 'self._offer(ctx, owner, following.clients, following.count, hired=following.hired)',
     'self._offer(ctx, owner, following.clients, following.count)'),
    ("tric", GEEK, 'self._offer(ctx, owner, _acted(ctx, owner, answered.client_role, new=True), 1, hired=True)',
     'self._offer(ctx, owner, _acted(ctx, owner, answered.client_role, new=True), 1)'),
    ("tric", GEEK, 'self._offer(ctx, owner, _acted(ctx, owner, answered.role, new=False), 1)',
     'self._offer(ctx, owner, _acted(ctx, owner, answered.role, new=True), 1)'),
    ("tric", GEEK, 'elif isinstance(answered, ClientActions):', 'elif False:'),
    ("tric", GEEK, 'if clients and count and len(vault) < ctx.vault_limit(owner):', 'if clients and count:'),
    ("tric", GEEK, 'max(0, len(demanded) - own))', 'max(0, len(demanded)))'),
    ("tric", ROLES, 'if (hired and card in player.hired) or player.hired.count(card) > player.clientele.count(card):',
     'if player.hired.count(card) > player.clientele.count(card):'),
    ("tric", "gtr_replay/game/steps.py", '        left.remove(getattr(decision, "card"))\n', ''),
    ("tric", "gtr_replay/game/steps.py", 'if self.count <= 1:\n            return None\n        left = list(self.clients)',
     'if self.count < 1:\n            return None\n        left = list(self.clients)'),
    # the Plebian Council's on-completion reading (point 7)
    ("tric", GEEK, 'if ctx.state.rulings.plebian_council_check is PlebianCouncilCheck.ON_COMPLETION and self.holds(ctx, owner):', 'if False:'),
    # steps lapse at the game end (point 7)
    ("end", "gtr_replay/engine/endgame.py", 'state.steps.clear()  # steps granted and not yet taken lapse', 'pass'),
    ("end", GEEK, 'ctx.end_game("bacchanalia", by=owner)  # no bonus (G-BACCHANALIA-2)\n            return',
     'ctx.end_game("bacchanalia", by=owner)  # no bonus (G-BACCHANALIA-2)'),
    # how a record is read: a step not taken, a restated forced step, a refusal, the record's turn
    ("read", GAME, "elif passing_over and core.not_taken(self.state, decision):",
     "elif core.not_taken(self.state, decision):"),
    ("read", GAME, "def check(self, decision: Decision, *, passing_over: bool = True)",
     "def check(self, decision: Decision, *, passing_over: bool = False)"),
    ("read", GAME, "            passes = core.not_taken(state, decision)\n", "            passes = ()\n"),
    ("read", GAME, "self._forced = [f for f in self._forced if _of_the_demand(f, decision.to, turn)]",
     "self._forced = [f for f in self._forced if type(f.decision) in (Give, Pass)]"),
    ("read", GAME, "return made.to == demander if type(made) is Give", "return True if type(made) is Give"),
    ("read", GAME, "    if step.turn != turn:\n        return False\n", ""),
    ("read", GAME, "            else:\n                self._forced = []", "            else:\n                pass"),
    ("read", GAME, "for decline in core.not_taken(self.state, decision, restating=True)]", "for decline in ()]"),
    ("read", GAME, "            del self._forced[:k + 1]\n", "            del self._forced[k]\n"),
    ("read", GAME, "if prompt is not None and type(decision) in prompt.decisions and prompt.player == decision.player:",
     "if False:"),
    ("read", GAME, "before = core.made_in(step) if made.player == decision.player else None", "before = core.made_in(step)"),
    ("read", GAME, "if asked is None or asked.player != decision.player or type(decision) not in asked.decisions:",
     "if asked is None:"),
    ("read", GAME, 'elif type(made) is Give and type(decision) is Give and decision.to in ("", made.to):',
     "elif type(made) is Give and type(decision) is Give:"),
    ("read", REPLAYER, 'if left == "declining":', "if False:"),
    ("read", REPLAYER, 'return "declining" if trial.state.turn > self.record_turn else None', "return None"),
    ("read", REPLAYER, 'return "left" if game.check(decision) is None else None', 'return "left"'),
    ("read", REPLAYER, "if game.restates(decision) is not None and _reads_as_restated(game, decision, likely):",
     "if game.restates(decision) is not None:"),
    ("read", REPLAYER, "    return not _goes_on(trial, likely) and _goes_on(game, likely)", "    return not _goes_on(trial, likely)"),
    ("read", CORE, "        if restating and any(same_decision(f.decision, decision) for f in made):",
     "        if restating:"),
    ("read", CORE, "        if prompt is None or Pass not in prompt.decisions:", "        if prompt is None:"),
    # the Add candidates offered: only what fits (an offer narrowed too far hides legal adds)
    ("add", ROLES, "                if fits:\n                    yield card, building",
     "                if not fits:\n                    yield card, building"),
    ("add", ROLES, "                                if held is material:", "                                if held is not material:"),
    ("add", ROLES, "if (material := material_of.get(card)) is not None]", "if (material := material_of.get(card)) is None]"),
    # the legal decisions a handler builds without asking problem (Handler.legal, sample) and the powers kept meanwhile
    ("legal", ROLES, "(d for d in self.candidates(state, i) if d.replacing is not None or not full)",
     "(d for d in self.candidates(state, i))"),
    ("legal", ROLES, "    if step is None:\n        return decisions\n", "    if True:\n        return decisions\n"),
    ("legal", ROLES, "if own is None or player.building(card) is not None:", "if own is None:"),
    ("legal", ROLES, "                if state.sites_in_town[site] > 0:\n                    yield card, written",
     "                if True:\n                    yield card, written"),
    ("legal", ROLES, "(written is not None and own_site_only)", "False"),
    ("legal", ROLES, "                if reach:\n", "                if True:\n"),
    ("legal", ROLES, "if step_now(state) is not None or _replaceable(state, i):", "if step_now(state) is not None:"),
    ("legal", ROLES, "return answering_step(state, (Lay(name, *values) for values in self._sited(state, i)))",
     "return (Lay(name, *values) for values in self._sited(state, i))"),
    ("legal", PLAY, 'if state.unseen is not None or rules.active_powers(state, i, "several_plays"):\n        for option',
     'if rules.active_powers(state, i, "several_plays"):\n        for option'),
    ("legal", PLAY, "            d = make(*option, ())\n            if check(d) is None:", "            d = make(*option, ())\n            if True:"),
    ("legal", PLAY, '            or rules.active_powers(state, i, "play_options"):', "            or False:"),
    ("legal", PLAY, "    if size and len(hand) - jacks >= size:",
     "    if size and len(counts) > 1 and len(hand) - jacks >= size:"),
    ("legal", CORE, "            return build(k)", "            return build(0)"),
    ("legal", CORE, "            total += n\n", "            total += 1\n"),
    ("legal", "gtr_replay/engine/rules.py", "        ctx.active = _every_working(state)\n        if ctx.in_play:",
     "        if ctx.in_play:"),
    ("kept", "gtr_replay/engine/rules.py", "    return [_working(state, i) for i in range(len(state.players))]",
     "    return [_working(state, 0) for i in range(len(state.players))]"),
    # the powers kept by seat, read without a call by the hottest questions (rules.fold, rules.fire)
    ("kept", "gtr_replay/engine/rules.py", "    found = ctx.active[i].get(hook, _NONE)", "    found = ctx.active[0].get(hook, _NONE)"),
    ("kept", "gtr_replay/engine/rules.py", "        powers = kept.active[i].get(hook, _NONE)",
     "        powers = kept.active[-1].get(hook, _NONE)"),
    ("kept", "gtr_replay/engine/rules.py", "    return ctx.active[i].get(hook, _NONE)", "    return ctx.active[0].get(hook, _NONE)"),
    # a hand's plain plays (play._plain_play_options) and an action's candidates (roles._source_candidates)
    ("legal", PLAY, "        options.extend(_JACK_PLAYS[role])", "        options.extend(_JACK_PLAYS[None])"),
    ("legal", PLAY, "for card in sorted(counts) if role_of.get(card) is role]",
     "for card in sorted(counts) if role_of.get(card) is not None]"),
    ("legal", PLAY, "                    options.extend([(r, cards) for r in as_roles])",
     "                    options.extend([(r, cards) for r in as_roles[:1]])"),
    ("legal", ROLES, "        found.extend((card, source) for card in", "        found.extend((card, None) for card in"),
    ("places", ROLES, "    return _ONLY[usual] | more if more else _ONLY[usual]", "    return _ONLY[usual]"),
    ("kept", "gtr_replay/engine/rules.py", "        if ctx.in_play:\n            ctx.in_play = {}",
     "        if ctx.in_play:\n            pass"),
    # a player's powers found once for every hook (rules._working)
    ("kept", "gtr_replay/engine/rules.py", "            if listed is None:\n                working[hook] = [power]",
     "            if True:\n                working[hook] = [power]"),
    ("kept", "gtr_replay/engine/rules.py", "        for hook in hooks[power.building]:", "        for hook in hooks[power.building][:1]:"),
    ("ending", CORE, 'if rules.in_play(state, "wins") and flow.may_win(ev, first):',
     'if not rules.in_play(state, "wins") and flow.may_win(ev, first):'),
    ("legal", ROLES, "fits = takes[material] = rules.takes_material(state, i, building, material)", "fits = True"),
    ("legal", GAME, "counted.all() if counted is not None and not surrender", "counted.all()[1:] if counted is not None and not surrender"),
    ("kept", ROLES, "out_of_town=d.out_of_town))\n        rules.buildings_changed(state)",
     "out_of_town=d.out_of_town))\n        pass"),
    ("kept", ROLES, "                state.public.append((j, d.building))\n            rules.buildings_changed(state)",
     "                state.public.append((j, d.building))\n            pass"),
    ("kept", ROLES, "        building.materials.append(d.card)\n        rules.buildings_changed(state)",
     "        building.materials.append(d.card)\n        pass"),
    ("kept", ROLES, "    building.complete = True\n    rules.buildings_changed(state)", "    building.complete = True\n    pass"),
    ("kept", "gtr_replay/engine/handlers/structures.py", "player.buildings.remove(building)\n        rules.buildings_changed(state)",
     "player.buildings.remove(building)\n        pass"),
    ("kept", "gtr_replay/engine/handlers/spoils.py", "victim.buildings.remove(building)\n        rules.buildings_changed(state)",
     "victim.buildings.remove(building)\n        pass"),
    ("kept", "gtr_replay/engine/handlers/steal.py", "(i, d.building)\n        rules.buildings_changed(state)",
     "(i, d.building)\n        pass"),
    ("legal", GAME, "problem.legal = self.legal()", "problem.legal = []"),
    ("legal", GAME, "return cls(state, core.settle(state))", "return cls(state, [])"),
    # the decision to come settles the search for a forced action (core._settled_by)
    ("legal", CORE, "    if HANDLERS[Pass].problem(state, i, passing) is not None:", "    if False:"),
    ("legal", CORE, "        return True if _check(state, prompt, then) is None else None", "        return True"),
    ("legal", CORE, "    return passing\n", "    return True\n"),
    ("legal", CORE, "                for _ in handler.legal(state, i):", "                for _ in (handler,):"),
    ("legal", PLAY, "        if step_now(state) is not None:\n            return super().sample(state, i)",
     "        if False:\n            return super().sample(state, i)"),
    ("legal", PLAY, "lambda k: Think(name, options[k])", "lambda k: Think(name, options[-1])"),
    ("legal", GAME, "        if problem is None:\n            self._found_legal = decision",
     "        if True:\n            self._found_legal = decision"),
    # the merchant bonus counted from each vault's materials (scoring.merchant_bonuses)
    ("score", "gtr_replay/engine/scoring.py", "held[found.material] = held.get(found.material, 0) + 1",
     "held[found.material] = 1"),
    ("score", "gtr_replay/engine/scoring.py", "if c.get(material, 0) == best]", "if c.get(material, 0)]"),
    ("score", "gtr_replay/engine/scoring.py", "        if best == 0:\n            continue", "        if False:\n            continue"),
    ("score", "gtr_replay/engine/scoring.py", "            if n > most.get(material, 0):", "            if n:"),
    ("score", "gtr_replay/engine/scoring.py", "                value += found.value", "                value += 1"),
    ("score", "gtr_replay/engine/scoring.py", "influence + values[i] + bonus", "influence + values[0] + bonus"),
    # decisions counted by their values and built only when drawn
    ("legal", "gtr_replay/engine/handlers/legionary.py", "lambda k: Demand(name, found[k][0], None, found[k][1])",
     "lambda k: Demand(name, found[0][0], None, found[k][1])"),
    ("legal", ROLES, "return len(found), lambda k: Add(name, *found[k])", "return len(found), lambda k: Add(name, *found[0])"),
    ("legal", ROLES, "return len(found), lambda k: Lay(name, *found[k])", "return len(found), lambda k: Lay(name, *found[0])"),
    ("legal", "gtr_replay/engine/handlers/legionary.py", "lambda k: TakeFromPool(name, cards[k])",
     "lambda k: TakeFromPool(name, cards[0])"),
    # a decision's forced steps share one copy of the state they were first made in (core.made_in)
    ("read", CORE, "    if step.before is None or not step.made_after:\n        return step.before",
     "    if True:\n        return step.before"),
    ("read", CORE, "        if start is not None:\n            made.append(only)\n", "        if False:\n            made.append(only)\n"),
    ("legal", "gtr_replay/engine/handlers/passing.py", "        if self.problem(state, i, None) is not None:\n            return 0, _none",
     "        if False:\n            return 0, _none"),
    # the colosseum-palisade ruling: a Palisade guarding clients from a Colosseum a Bridge takes past it (B-COLOSSEUM-4)
    ("guard", "gtr_replay/powers/defence.py",
     "return ctx.state.rulings.colosseum_palisade is ColosseumPalisade.PALISADE_GUARDS", "return True"),
    ("guard", "gtr_replay/powers/defence.py",
     "return ctx.state.rulings.colosseum_palisade is ColosseumPalisade.PALISADE_GUARDS", "return False"),
    ("guard", "gtr_replay/powers/spoils.py", "return tuple(v for v in victims if not ctx.guards_clients(v, owner))",
     "return tuple(v for v in victims if not ctx.guards_clients(owner, v))"),
    ("guard", "gtr_replay/powers/spoils.py", "found = tuple(v for v in _unguarded(ctx, owner, victims)\n",
     "found = tuple(v for v in victims\n"),
    ("guard", "gtr_replay/powers/spoils.py",
     "found = tuple(v for v in _unguarded(ctx, owner, victims) if ctx.state.players[v].clientele)",
     "found = tuple(v for v in victims if ctx.state.players[v].clientele)"),
    ("guard", "gtr_replay/engine/rules.py", 'return fold(self.state, i, "guards_clients", demander)',
     'return fold(self.state, demander, "guards_clients", i)'),
    # the prison-theft ruling: the 2005 Prison as printed takes a structure, no pass (BC-PRISON-1)
    ("prison", "gtr_replay/powers/public.py",
     "if ctx.state.rulings.prison_theft is PrisonTheft.AS_PRINTED and next(takeable(ctx.state, owner), None):",
     "if False:"),
    ("prison", "gtr_replay/powers/public.py",
     "if ctx.state.rulings.prison_theft is PrisonTheft.AS_PRINTED and next(takeable(ctx.state, owner), None):",
     "if ctx.state.rulings.prison_theft is PrisonTheft.AS_PRINTED:"),
    ("prison", "gtr_replay/powers/public.py",
     "if ctx.state.rulings.prison_theft is PrisonTheft.AS_PRINTED and next(takeable(ctx.state, owner), None):",
     "if next(takeable(ctx.state, owner), None):"),
    ("prison", "gtr_replay/game/steps.py", "    def answers(self):\n        return (Steal,)\n",
     "    def answers(self):\n        return (Steal, Pass)\n"),
    ("prison", "gtr_replay/powers/base.py", "if building.complete and building.foundation not in names:",
     "if building.foundation not in names:"),
    ("prison", "gtr_replay/powers/base.py", "if building.complete and building.foundation not in names:",
     "if building.complete:"),
    # the places of one take action: a card from a place a power puts in the usual one's stead (B-ATRIUM-1, BC-DOCK-2)
    ("places", "gtr_replay/powers/families.py", "        elif not self.zone_first:\n", "        else:\n"),
    ("places", "gtr_replay/powers/families.py", "        if source is self.zone:\n            if self.either_order:",
     "        if source is self.zone:\n            if True:"),
    ("places", "gtr_replay/powers/families.py",
     "return frozenset({self.zone}) if self.also and role is self.role else frozenset()",
     "return frozenset({self.zone}) if role is self.role else frozenset()"),
    ("places", "gtr_replay/engine/handlers/roles.py", "    if isinstance(step, AlsoFrom):  # the places",
     "    if False:  # the places"),
    ("places", "gtr_replay/engine/handlers/roles.py",
     "return frozenset({usual}) | (rules.action_sources(state, i, role) - rules.extra_places(state, i, role))",
     "return frozenset({usual}) | rules.action_sources(state, i, role)"),
    ("places", "gtr_replay/engine/rules.py", "        return extra_places(self.state, i, role)",
     "        return frozenset()"),
    # the cards of one action from several places, in any order but the Bar's (B-AQUEDUCT-2, B-BAR-1, B-BAR-2)
    ("places", "gtr_replay/powers/families.py", "closes_usual=not self.either_order", "closes_usual=False"),
    ("places", "gtr_replay/powers/families.py", "if isinstance(answered, AlsoFrom) and answered.take_role is role:",
     "if isinstance(answered, AlsoFrom) and answered.power == self.building:"),
    ("places", "gtr_replay/engine/handlers/roles.py", "    if place is not answered.zone:\n", "    if False:\n"),
    ("places", "gtr_replay/engine/handlers/roles.py", "    if answered.closes_usual:\n", "    if False:\n"),
    ("places", "gtr_replay/engine/handlers/roles.py",
     "return frozenset(places - {usual}) | (_own_places(state, i, usual) if usual in places else frozenset())",
     "return frozenset({step.zone} - {usual}) | (_own_places(state, i, usual) if step.zone is usual else frozenset())"),
    ("places", "gtr_replay/engine/handlers/roles.py", "                steps[k] = answered\n", ""),
    # the states forced steps keep to explain a refusal, kept only where one is explained (Game.explaining)
    ("explain", CORE, "        if explain and type(only) in _EXPLAINING", "        if type(only) in _EXPLAINING"),
    ("explain", REPLAYER, "        game.explaining = True  #", "        game.explaining = False  #"),
    ("explain", GAME, "        game.explaining = self.explaining\n", ""),
    ("explain", GAME, "    game.explaining = explaining\n", ""),
    ("explain", GAME, "core.advance(state, decline, checked=True, explain=self.explaining)",
     "core.advance(state, decline, checked=True, explain=False)"),
    # every way to choose k cards of a zone (a lead's petitions, a demand's shows, a victim's gives)
    ("piles", "gtr_replay/game/piles.py", "        elif n > copies[j] or n > left:", "        elif n > left:"),
    ("piles", "gtr_replay/game/piles.py", "            j, n = picks.pop()\n            del chosen[-n:]\n",
     "            j, n = picks.pop()\n"),
    ("piles", "gtr_replay/game/piles.py", "            yield tuple(chosen)\n            del chosen[-n:]\n",
     "            yield tuple(chosen)\n"),
    ("piles", "gtr_replay/engine/handlers/legionary.py", "if material_of.get(c) in wanted)", "if material_of.get(c) not in wanted)"),
    ("piles", "gtr_replay/engine/handlers/legionary.py", "            have[held] += 1\n", "            have[held] = 1\n"),
    # what the steps a statement passes over did is the statement's own doing (R-TURN-7)
    ("read", REPLAYER, "        if self.declined:\n            applied = Applied.joined(self.declined, applied)\n", ""),
    ("read", REPLAYER, "return [game.push(decline) for decline in passes]",
     "return [Applied([], []) for decline in passes if game.push(decline)]"),
    ("read", REPLAYER, "self.declined = (*self.declined, *passed)", "pass"),
    ("read", REPLAYER, "done.forced = [f for f in done.forced if f is not restated]", "pass"),
    # the points a visitor keeps between statements: what can move them (R-SCORE-2)
    ("points", SNAPSHOT, '_SCORED_FROM = frozenset({"vault", "stockpile", "building"})',
     '_SCORED_FROM = frozenset({"vault", "stockpile"})'),
    ("points", SNAPSHOT, '_SCORED_FROM = frozenset({"vault", "stockpile", "building"})',
     '_SCORED_FROM = frozenset({"stockpile", "building"})'),
    ("points", SNAPSHOT, '_SCORED_TO = frozenset({"vault", "stockpile"})', '_SCORED_TO = frozenset({"vault"})'),
    ("points", SNAPSHOT, '_SCORED_TO = frozenset({"vault", "stockpile"})', '_SCORED_TO = frozenset({"stockpile"})'),
    ("points", SNAPSHOT, "EventKind.INFLUENCE, EventKind.COMPLETE, EventKind.PUBLIC, EventKind.GAME_END",
     "EventKind.INFLUENCE, EventKind.COMPLETE, EventKind.GAME_END"),
    # what a described position leaves out (R-SETUP-4, R-SETUP-9, R-SETUP-10, R-BUILD-3)
    ("left", OPENING, "in_play = jacks if spec.spare_jacks_to_pile else players * spec.starting_jacks", "in_play = jacks"),
    ("left", OPENING, "claimed_out = min(used, out_of_town, sum(", "claimed_out = min(used, out_of_town, 0 * sum("),
    ("left", OPENING, "if given_in is not None else max(0, in_town - claimed_in)",
     "if given_in is not None else max(0, min(in_town, card_set.sites_per_material - used))"),
    ("left", OPENING, "max(0, out_of_town - claimed_out - max(0, claimed_in - in_town))", "max(0, out_of_town - claimed_out)"),
    # instant wins at once, and in the action that ends the game (R-SCORE-4, AMB-01)
    ("wins", FLOW, "names, _ = best_of(state, (i for i, _ in found), scores(state))",
     "names = (state.players[found[0][0]].name,)"),
    ("wins", FLOW, "winner=WINNERS_APART.join(names))", "winner=names[0])"),
    ("wins", FLOW, "        counted_end = _counted_end(state, ev)\n        if counted_end is None:\n            return\n",
     "        return\n"),
    ("wins", FLOW, "        del ev[counted_end]  # the game ends once, won\n", ""),
    ("wins", "gtr_replay/engine/scoring.py", "tuple(state.winner.split(WINNERS_APART))", "(state.winner,)"),
    # what a Gate wakes (B-GATE-1, BC-GATE-1, C-GATE-ROAD-1)
    ("gate", BUILDING, "return material is Material.STONE and any(", "return any("),
    ("gate", BUILDING, "        return ctx.card(building.foundation).material is Material.MARBLE\n",
     "        return ctx.card(building.foundation).material is Material.MARBLE or any(\n"
     "            ctx.card(card).material is Material.MARBLE for card in building.materials)\n"),
    # the Triclinium's clients, the stolen Aerarium, the Watch Post's Site (G-TRICLINIUM-1, G-AERARIUM-2, AMB-31)
    ("geek", GEEK, "own = player.plays or 1", "own = 0"),
    ("geek", GEEK, "        if not building.stolen:\n            ctx.grant(Retrigger(",
     "        if True:\n            ctx.grant(Retrigger("),
    ("geek", STRUCTURES, "out = building.out_of_town and state.rulings.watch_post_site is WatchPostSite.RETURNS_WHERE_CLAIMED",
     "out = building.out_of_town"),
    ("geek", STRUCTURES, "state.rulings.watch_post_site is not WatchPostSite.KEEPS",
     "state.rulings.watch_post_site is WatchPostSite.RETURNS"),
    # a card sold face down, unseen in a seat's record (R-VAULT-1, AMB-25)
    ("seat", "gtr_replay/replay/viewpoint.py", "return statement if statement.player == player else others_hear(statement)",
     "return statement"),
    ("seat", "gtr_replay/replay/viewpoint.py", "e.source == GameZone.DECK and e.target", "e.source and e.target"),
    # a classic Palisade gives nothing (BC-PALISADE-1); a power a card wakes works from the next action (R-BUILD-10)
    ("give", "gtr_replay/engine/handlers/legionary.py",
     "    if protected and not rules.spec(state).protected_may_give:\n        return [()]\n", ""),
    ("give", "gtr_replay/data/rulesets.py", "pool_take_required=True, protected_may_give=False)", "pool_take_required=True)"),
    ("give", "gtr_replay/engine/handlers/legionary.py",
     " and (rules.spec(state).protected_may_give or not given)", ""),
    ("gate", ROLES, "len(building.materials) >= rules.materials_needed(state, i, building) or completes:",
     "len(building.materials) >= rules.materials_needed(state, i, building) or "
     "rules.completes_now(state, i, building, d.card, role):"),
    # a classic Circus Maximus's card in a Palace's several plays (BC-CIRCUSMAXIMUS-1, BC-PALACE-1)
    ("plays", "gtr_replay/powers/plays.py", "if owner != state.leader or state.led_role is not None:",
     "if role is not None or owner != state.leader:"),
    ("plays", "gtr_replay/powers/plays.py", "            for r in ROLES if role is None else (role,):\n                if r is not own:",
     "            for r in ROLES:\n                if r is not own:"),
    # a win before the turn's end; a winner the unseen vault cards decide; the turn-over words (R-END-2, R-VAULT-3)
    ("wins", FLOW, "    if rules.in_play(state, \"wins\"):\n        check_wins(state, ev)\n        if state.phase is Phase.OVER:"
     "\n            return\n", ""),
    ("wins", "gtr_replay/engine/game.py", "if possible is None or len(possible) > 1:", "if possible is None:"),
    ("wins", "gtr_replay/engine/game.py", "            if winners != found.winners:\n", "            if False:\n"),
    ("wins", "gtr_replay/render/narration.py", '    if kept:\n        parts.append(f"{kept} kept in hand")\n', ""),
    ("wins", "gtr_replay/render/narration.py", "            went[e.target] += 1\n", "            went[Zone.POOL] += 1\n"),
    ("end", ROLES, "    if state.phase is not Phase.OVER:\n        upon_completion(state, i, building, ev)\n",
     "    upon_completion(state, i, building, ev)\n"),
    # what a seat's outputs carry (R-VAULT-1, R-LEG-9)
    ("seat", "gtr_replay/replay/diagnostics.py", "        if self.heard is not None:\n", "        if False:\n"),
    ("seat", "gtr_replay/render/narration.py", "for m in timeline.moments if in_view(m, viewer)]", "for m in timeline.moments]"),
    ("seat", "gtr_replay/render/narration.py",
     "    if snap.diagnostic is not None:\n        return snap.diagnostic.seen_by(viewer).statement\n", ""),
    ("seat", "gtr_replay/cli/plot.py", "        opened = opened.seen_by(viewer)  # another player's hand and choices untold\n", ""),
    ("seat", "gtr_replay/table/sitting.py", "return views.spoken_text(last, who)", "return str(last)"),
    ("seat", "gtr_replay/table/views.py", "guessed = _deck_as_guessed(state, seat)", "guessed = None"),
    ("seat", "gtr_replay/replay/heard.py", "    if isinstance(statement, st.Take) and statement.source is Zone.DECK:\n"
     "        return replace(statement, card=UNSEEN)\n", ""),
    # a Thinker above the refill size read as a hand limit (AMB-23)
    ("think", "gtr_replay/engine/handlers/play.py", "(not options and _nothing_else(state, i))", "not options"),
    ("think", "gtr_replay/engine/handlers/play.py", "return next(iter(FollowHandler().legal(state, i)), None) is None",
     "return True"),
    # the action that takes the deck's last card completes, then the game ends (AMB-01, BC-FOUNDRY-1)
    ("deck", ROLES, "zone = _take(state, i, d.source or Zone.POOL, d.card, ev, goes_on=True)\n        state.players[i].stockpile",
     "zone = _take(state, i, d.source or Zone.POOL, d.card, ev)\n        state.players[i].stockpile"),
    ("deck", ROLES, "granted = [s for s in granted if isinstance(s, AlsoFrom)]  # its one more card: a pass if none is left",
     "granted = []"),
    ("deck", ROLES, "if granted or any(isinstance(s, AlsoFrom) and s.player == i and s.take_role is role for s in state.steps):",
     "if granted:"),
    ("deck", ROLES, "zone = _take(state, i, d.source or Zone.POOL, d.card, ev, goes_on=True)\n        if d.replacing",
     "zone = _take(state, i, d.source or Zone.POOL, d.card, ev)\n        if d.replacing"),
    ("deck", ROLES, "zone = _take(state, i, zone, d.card, ev, goes_on=True)", "zone = _take(state, i, zone, d.card, ev)"),
    ("turned", GAME, "if _names_the_unseen(self.state, step.decision, decision):  # the card taken unseen is the one named",
     "if False:"),
    ("deck", "gtr_replay/engine/handlers/passing.py",
     'flow.end_game(state, ev, "deck", by=d.player)\n                return', "pass"),
    ("deck", OPENING, 'flow.end_game(state, [], "deck")', "pass"),
    ("deck", REPLAYER, 'if reason == "deck":', "if False:"),
    # the training game (R-TRAIN, R-SETUP-13, AMB-30)
    # a Site given away is not its building's to return (B-PRISON-2, G-AERARIUM-2, G-WATCHPOST-1, AMB-31)
    ("sites", STRUCTURES, "if building.site_given or building.site not in player.influence:",
     "if building.site not in player.influence:"),
    ("sites", "gtr_replay/powers/public.py", "        prison.site_given = True\n", ""),
    ("sites", STRUCTURES, "                given.site_given = True\n", "                pass\n"),
    ("sites", "gtr_replay/game/state.py", "                        self.site_given)", "                        False)"),
    ("sites", "gtr_replay/game/state.py", 'data["site_given"] = True', "pass"),
    ("sites", "gtr_replay/game/state.py", 'bool(data.get("site_given", False)))', "False)"),
    # the judge never peeks: a draw from the deck is one choice whatever the card allows, turned-up
    # cards are seen, the training game's set-aside cards are dealt again, the unjudged counted
    ("peek", "gtr_replay/play/knowledge.py",
     "kind = TakeFromDeck if type(decision) in _LOOKED_AT_FIRST else type(decision)", "kind = type(decision)"),
    ("peek", "gtr_replay/play/knowledge.py", "if not seen and (type(decision) is TakeFromDeck",
     "if (type(decision) is TakeFromDeck"),
    ("peek", "gtr_replay/play/knowledge.py", "return bool(game.state.turned_up)", "return False"),
    ("peek", "gtr_replay/play/knowledge.py", "    if set_aside:\n        places +=", "    if False:\n        places +="),
    ("peek", "gtr_replay/play/analysis.py", "    if options == 1:", "    if len(legal) == 1:"),
    ("peek", "gtr_replay/play/analysis.py",
     "found.unshown[snapshot.player] = found.unshown.get(snapshot.player, 0) + 1", "pass"),
    # a written header with no statement under it: still a header (R-TURN-9)
    ("turns", REPLAYER, "        if headers:\n            following = headers[0].number\n", ""),
    ("turns", REPLAYER, "            self._last_headers(game, self._empty.get(len(steps), []))\n", "            pass\n"),
    ("turns", REPLAYER, 'fix = "" if empty.leader == leader else', 'fix = "" if True else'),
    ("turns", REPLAYER, "if empty is not None and turn.number > state.turn:", "if False:"),
    ("turns", REPLAYER, "if self.next_header == state.turn:  # its turn's header is written, below it", "if False:"),
    # a position of a game that has ended, and positions the rules cannot reach (R-END-2, R-SETUP-*)
    ("position", "gtr_replay/engine/opening.py", "    elif (ended := _ended(state)) is not None:", "    elif False:"),
    ("position", "gtr_replay/powers/endings.py", 'return "catacomb" if building is not None and building.complete else None',
     'return "catacomb"'),
    ("position", "gtr_replay/engine/flow.py", '            return "last-site" if 0 in stacks else None',
     "            return None"),
    ("position", "gtr_replay/engine/opening.py", "if rest and spec.out_of_town_sites:", "if False:"),
    ("position", "gtr_replay/engine/opening.py",
     "if not spec.out_of_town_sites and state.sites_in_town[material] + used > in_town:", "if False:"),
    ("position", "gtr_replay/engine/opening.py", "            state.sites_out_of_town[material] = max(0, supply - given_in)",
     "            state.sites_out_of_town[material] = 0"),
    ("position", "gtr_replay/engine/opening.py",
     "if not spec.spare_jacks_to_pile and jacks_held + jack_pile > len(players) * spec.starting_jacks:",
     "if False:"),
    ("position", "gtr_replay/engine/opening.py", "    if position.turn is not None and position.turn < 1:",
     "    if False:"),
    ("position", "gtr_replay/engine/opening.py", "    if b.out_of_town and not spec.out_of_town_sites:",
     "    if False:"),
    ("position", "gtr_replay/replay/start.py", "leader=position.leader or (first if first in players else None)",
     "leader=position.leader"),
    ("position", "gtr_replay/engine/opening.py", "if b.site_given and spec.ruleset is Ruleset.CLASSIC:", "if False:"),
    ("position", "gtr_replay/engine/opening.py", 'raise _at(problem, "building", player.name, b.foundation)',
     "raise problem"),
    ("position", "gtr_replay/replay/start.py", 'key = ("out of town",) if line.out_of_town else ("in town",)',
     'key = ("in town",)'),
    ("training", "gtr_replay/engine/rules.py", "    if functions_ignored(state):\n        return [{None: _NONE} for _ in state.players]\n", ""),
    ("training", "gtr_replay/engine/handlers/roles.py", "if own is not None and not rules.functions_ignored(state):",
     "if own is not None:"),
    ("training", "gtr_replay/engine/setup.py", "in_town = min(n, TRAINING_SITES) if training else n", "in_town = n"),
    ("training", "gtr_replay/engine/setup.py", "half = len(state.deck) // 2", "half = (len(state.deck) + 1) // 2"),
    ("training", "gtr_replay/engine/setup.py", "state.removed.extend(state.deck[len(state.deck) - half:])",
     "state.removed.extend(state.deck[:half])"),
    ("training", "gtr_replay/engine/setup.py", "if rulings.training_game is TrainingGame.YES and not spec.out_of_town_sites:",
     "if False:"),
    ("training", OPENING, "setup.check_training(find_ruleset(ruleset), rulings)", "pass"),
    ("training", OPENING, "state.removed_unseen = bool(state.removed)", "pass"),
    # cards the record does not see: taken as named, sold face down as '?' (G-BACCHANALIA-1, B-BASILICA-1)
    ("turned", CORE, "if type(only) is TakeFromDeck and is_unseen(only.card) and len(prompt.decisions) > 1:", "if False:"),
    ("seat", ROLES, "return next((c for c in cards if is_unseen(c)), None)", "return None"),
    # turns a record leaves without headers are the game's to place (R-TURN-9)
    ("turns", REPLAYER, "if turn is not None and not turn.written:", "if False:"),
    ("turns", "gtr_replay/replay/turns.py", "if not groups or made > groups[-1][0]:", "if not groups:"),
    ("turns", "gtr_replay/replay/recorder.py", "return replayer.final, made.placed(record)", "return replayer.final, record"),
    ("turns", "notation/assemble.py", "while header.number < expected and self._merge_a_think_turn():",
     "while False:"),
    ("turns", REPLAYER, "if self.next_header is None or self.next_header > state.turn:", "if False:"),
    ("turns", "gtr_replay/replay/turns.py", "made = groups[-1][0] + (1 if item is turn.steps[0] else 0)",
     "made = groups[-1][0]"),
    ("turns", "notation/assemble.py", "if header.number > expected and self._placed_since_written(header.number):",
     "if False:"),
    ("turns", "gtr_replay/replay/turns.py", "elif header:  # a header's comment, where its first statement joins the turn before",
     "elif False:"),
    # a public Forum beside a foundation of one's own (B-STAIRWAY-2, AMB-15)
    ("forum", "gtr_replay/powers/endings.py",
     "return not own or state.rulings.public_copy is PublicCopy.TWO_COPIES or name not in ctx.woken(owner)",
     "return not own"),
    ("forum", "gtr_replay/powers/endings.py",
     "return not own or state.rulings.public_copy is PublicCopy.TWO_COPIES or name not in ctx.woken(owner)",
     "return True"),
    ("forum", "gtr_replay/powers/endings.py",
     "return not own or state.rulings.public_copy is PublicCopy.TWO_COPIES or name not in ctx.woken(owner)",
     "return not own or name not in ctx.woken(owner)"),
    ("forum", "gtr_replay/powers/endings.py", "if not any(public == name and o != owner for o, public in state.public):",
     "if False:"),
    # a placement for each Architect action a decision took (B-STAIRWAY-1, R-BUILD-3)
    ("stairway", "gtr_replay/powers/public.py", "for _ in range(ctx.actions.count(Role.ARCHITECT)):",
     "for _ in range(1):"),
    ("stairway", "gtr_replay/powers/public.py", "for _ in range(ctx.actions.count(Role.ARCHITECT)):",
     "for _ in range(len(ctx.actions)):"),
    ("stairway", "gtr_replay/powers/public.py", "for _ in range(ctx.actions.count(Role.ARCHITECT)):",
     "for _ in range(ctx.actions.count(Role.ARCHITECT) if role is Role.ARCHITECT else 0):"),
    ("stairway", ROLES, "        return (role,) * n\n", "        return (role,)\n"),
    # a foundation's Site and the in-town stacks a position may give (R-BUILD-1, R-SETUP-4, AMB-31)
    ("position", OPENING, "if b.site is own or any(b.site in p.site_materials(ctx, i, b.foundation) for p in powers):",
     "if True:"),
    ("position", OPENING, "if b.site is own or any(b.site in p.site_materials(ctx, i, b.foundation) for p in powers):",
     "if b.site is own:"),
    ("position", OPENING, "if spec.out_of_town_sites and not returned and state.sites_in_town[material] > in_town:",
     "if spec.out_of_town_sites and state.sites_in_town[material] > in_town:"),
    ("position", OPENING, "return [p for name, p in rules.powers_with(state, hook).items() if card_set.in_game(name, state.expansions)]",
     "return list(rules.powers_with(state, hook).values())"),
    # a full building is complete; a taken structure's Site is its former owner's (R-BUILD-8, B-PRISON-2, AMB-19)
    ("position", OPENING, "if not b.complete and len(b.materials) >= needed:", "if not b.complete and len(b.materials) > needed:"),
    ("position", OPENING, "if not b.complete and len(b.materials) >= needed:", "if False:"),
    ("position", OPENING, "    if len(position.players) != 2:\n        return\n", "    return\n"),
    ("position", OPENING, "if b.complete and (b.stolen or b.site_given)]", "if b.complete and b.stolen]"),
    ("position", OPENING, "if b.complete and (b.stolen or b.site_given)]", "if b.complete and b.site_given]"),
    # an action written early is told by the turn order; a demand's answers restated in any order (R-TURN-2, R-LEG-3)
    ("order", "gtr_replay/engine/spent.py", "return () if _early_action(state, i, kind) else (state.turn - 1,)",
     "return (state.turn - 1,)"),
    ("order", "gtr_replay/engine/spent.py", "return (i - state.leader) % n < (state.current - state.leader) % n",
     "return (i - state.leader) % n <= (state.current - state.leader) % n"),
    ("order", "gtr_replay/engine/spent.py", "if state.phase is not Phase.FOLLOW or state.led_role is None or kind not in ROLE_ACTIONS[state.led_role]:",
     "if state.phase is not Phase.FOLLOW or state.led_role is None:"),
    ("order", "gtr_replay/engine/game.py", "        if type(made) is Give:  # the other answers", "        if False:  # the other answers"),
    ("order", "gtr_replay/engine/game.py", "[f for f in self._forced[:k] if _of_the_demand(f, made.to, step.turn)]",
     "[f for f in self._forced[:k] if type(f.decision) in (Give, Pass)]"),
    ("order", "gtr_replay/replay/replayer.py", "            continue  # itself written before the decision that makes it possible",
     "            return None  # itself written before the decision that makes it possible"),
    # a client hired this turn gives no Circus Maximus action (B-CIRCUSMAXIMUS-1, R-ACT-2)
    ("circus", "gtr_replay/powers/actions.py", "return clients - sum(1 for c in player.hired if role in ctx.client_roles(owner, c))",
     "return clients - sum(2 for c in player.hired if role in ctx.client_roles(owner, c))"),
    ("circus", "gtr_replay/powers/actions.py", "return clients - sum(1 for c in player.hired if role in ctx.client_roles(owner, c))",
     "return clients"),
    # the judge lists the draw in one place whatever card is on top; an analysis replaces only its own marks
    ("judge", "gtr_replay/play/knowledge.py", "(from_deck if isinstance(choice, tuple) else found).setdefault(choice, []).append(decision)",
     "found.setdefault(choice, []).append(decision)"),
    ("judge", "gtr_replay/play/annotate.py", "if marked is None or marked[\"better\"] is None:", "if marked is None:"),
    ("judge", "gtr_replay/play/annotate.py", "if judgement.mark is not None and judgement.mark not in glyphs:",
     "if judgement.mark is not None:"),
    ("judge", "gtr_replay/store/evaluations.py", "WHERE game = ? AND NOT (budget = ? AND seed = ?)\", [game, budget, seed])",
     "WHERE game = ? AND ? + 0 = ? + 0\", [game, budget, budget])"),
    ("judge", "gtr_replay/cli/analyse.py", "games[key] = (found, done, [p for p in found if p.index not in done])",
     "games[key] = (found, done, [p for p in found if not done])"),
    # a file's records moved keep their games; only records written anew replace others
    ("reimport", "gtr_replay/store/db.py", "if found[0] in sources and found[1] != number:", "if False:"),
    ("reimport", "gtr_replay/store/db.py", "others = [(gid, text) for gid, text in others if gid not in keep]", "pass"),
    ("reimport", "gtr_replay/store/db.py", "            if judged:\n                _restore_judgements(", "            if False:\n                _restore_judgements("),
    ("reimport", "gtr_replay/store/importer.py", "self.names = list(dict.fromkeys([source, *names.get(same_file_key(source), [])]))",
     "self.names = [source]"),
    ("reimport", "gtr_replay/store/importer.py", "            if file is not None:\n                file.settle()\n", "            pass\n"),
    # a card sold from the deck is unseen by its owner too (B-ATRIUM-1, AMB-25)
    ("blind", ROLES, "if zone is Zone.DECK:  # face down", "if True:  # face down"),
    ("blind", ROLES, "if zone is Zone.DECK:  # face down", "if False:  # face down"),
    ("blind", "gtr_replay/play/knowledge.py", "if owner == i and not is_unseen(player.vault[n])]", "if False]"),
    ("blind", "gtr_replay/play/knowledge.py", "if owner == i and not is_unseen(player.vault[n])]", "if owner == i]"),
    # the spoils of a demand: only an empty foundation of a demanded material, only from a victim (B-DOMUSAUREA-1, AMB-20)
    ("spoils", SPOILS, "if _empty(building) and step.room(j, _material(state, building.foundation)):",
     "if _empty(building) or step.room(j, _material(state, building.foundation)):"),
    ("spoils", SPOILS, "why = \"is one's own player\" if j == i else", "why = \"is one's own player\" if j != i else"),
    ("spoils", SPOILS, "        found, wrong = _victim_problem(state, i, d, self.step_kind, self.rule)\n        if wrong is not None:",
     "        found, wrong = _victim_problem(state, i, d, self.step_kind, self.rule)\n        if wrong is None:"),
    ("spoils", SPOILS, "        wrong = self.held_problem(state, i, d, j)\n        if wrong is not None:",
     "        wrong = self.held_problem(state, i, d, j)\n        if False:"),
    ("spoils", SPOILS, "if material not in step.demanded and step.limit != \"any\":",
     "if material not in step.demanded and step.limit == \"any\":"),
    # the demander's pass with nothing to take from the Pool is a forced step, unseen hand or not (R-LEG-2, AMB-12)
    ("pool", "gtr_replay/engine/core.py", "                          and (state.steps or state.phase is not Phase.POOL)):",
     "                          ):"),
    ("pool", "gtr_replay/engine/draws.py", "strange = [c for c in lacking if c not in card_set.cards]", "strange = []"),
    # a structure taken for Sites: any set worth the price, none to spare unless the reading allows (C-AERARIUM-PRISON-1)
    ("paid", "gtr_replay/engine/handlers/steal.py", "for k in range(1, sum(held.values()) + 1):",
     "for k in range(2, sum(held.values()) + 1):"),
    ("paid", "gtr_replay/engine/handlers/steal.py", "if sum(values) >= step.price and (step.spare or sum(values) - min(values) < step.price):",
     "if sum(values) >= step.price or (step.spare or sum(values) - min(values) < step.price):"),
    ("paid", "gtr_replay/engine/handlers/steal.py", "if sum(values) >= step.price and (step.spare or sum(values) - min(values) < step.price):",
     "if sum(values) >= step.price and (step.spare or sum(values) - min(values) <= step.price):"),
    ("spoils", SPOILS, "            spent.note(state, i, self.taken_all)", "            pass"),
    ("spoils", "gtr_replay/engine/spent.py", "TakeFromPool: (\"pool\",), Slay: (\"slain\",),", "TakeFromPool: (\"pool\",), Slay: (),"),
    # a public Statue's points for a player whose foundation is no Statue, counted once (B-STATUE-4, B-STAIRWAY-2)
    ("statue", "gtr_replay/powers/base.py", '("R-SCORE-2",), once=True),', '("R-SCORE-2",)),'),
    ("statue", BUILDING, "return 0 if self.building in ctx.woken(owner) else 3", "return 0"),
    ("statue", BUILDING, "if own is None or state.rulings.public_copy is PublicCopy.TWO_COPIES:", "if own is None:"),
    ("statue", BUILDING, "or not any(name == self.building and o != owner for o, name in state.public):", "or False:"),
    # found by a sweep of one-token mutants over the examples and self-play, checked against the suite
    ("sweep", STRUCTURES, "if not building.stolen and state.rulings.watch_post_site is not WatchPostSite.KEEPS:",
     "if not building.stolen or state.rulings.watch_post_site is not WatchPostSite.KEEPS:"),
    ("sweep", STRUCTURES, "if building.site_given or building.site not in player.influence:",
     "if building.site_given and building.site not in player.influence:"),
    ("sweep", STRUCTURES, "    if not building.complete:\n        return False\n    power = rules.powers_with(state, \"on_complete\")",
     "    if not building.complete:\n        return True\n    power = rules.powers_with(state, \"on_complete\")"),
    ("sweep", "gtr_replay/engine/handlers/steal.py", "if not step.spare and sum(values) - min(values) >= step.price:",
     "if not step.spare and sum(values) - min(values) > step.price:"),
    ("sweep", "gtr_replay/engine/handlers/steal.py", "        if building is None or not building.complete:\n            return problem(f\"{d.victim} has no completed",
     "        if building is None and not building.complete:\n            return problem(f\"{d.victim} has no completed"),
    ("sweep", FLOW, "if state.phase is Phase.GIVE and state.rulings.legionary_give is LegionaryGive.DEMANDER_CHOOSES:",
     "if state.phase is Phase.GIVE or state.rulings.legionary_give is LegionaryGive.DEMANDER_CHOOSES:"),
    ("sweep", FLOW, "key=lambda g: (g[0], g[1]),", "key=lambda g: (g[1], g[1]),"),
    ("sweep", FLOW, "elif kind == EventKind.COMPLETE or kind == EventKind.PUBLIC:",
     "elif kind == EventKind.COMPLETE and kind == EventKind.PUBLIC:"),
    ("sweep", FLOW, "        elif kind == EventKind.COMPLETE or kind == EventKind.PUBLIC:\n            return True",
     "        elif kind == EventKind.COMPLETE or kind == EventKind.PUBLIC:\n            return False"),
    ("sweep", FLOW, "        if counted_end is None:\n            return", "        if counted_end is not None:\n            return"),
    ("ending", FLOW, "    if len(found) > 1:\n        names, _ = best_of(", "    if len(found) > 2:\n        names, _ = best_of("),
    ("ending", FLOW, "    if state.winner is not None:\n        return None\n    for n in range(len(ev) - 1, -1, -1):",
     "    if state.winner is None:\n        return None\n    for n in range(len(ev) - 1, -1, -1):"),
    ("ending", FLOW, "        if ev[n].kind == EventKind.GAME_END:\n            return n", "        if ev[n].kind != EventKind.GAME_END:\n            return n"),
    ("ending", FLOW, "return \"last-site\" if 0 in stacks else None", "return \"last-site\" if 0 not in stacks else None"),
    ("ending", FLOW, "return \"last-site\" if 0 in stacks else None", "return \"last-site\" if 1 in stacks else None"),
    ("ending", FLOW, "    for n in range(len(ev) - 1, -1, -1):\n        if ev[n].kind == EventKind.GAME_END:",
     "    for n in range(len(ev) - 2, -1, -1):\n        if ev[n].kind == EventKind.GAME_END:"),
    ("ending", FLOW, "if state.phase is Phase.GIVE and state.rulings.legionary_give is LegionaryGive.DEMANDER_CHOOSES:",
     "if state.phase is not Phase.GIVE and state.rulings.legionary_give is LegionaryGive.DEMANDER_CHOOSES:"),
    # a pass declining a compulsory Pool take the engine made is refused for it, not read as the pass after it (AMB-12)
    ("pool", GAME, "            elif type(made) is Pass and taken:", "            elif False:"),
    ("pool", GAME, "            elif type(made) is TakeFromPool and type(decision) is Pass:", "            elif False:"),
    ("pool", CORE, "_EXPLAINING: Final = frozenset({Pass, Give, TakeFromPool})", "_EXPLAINING: Final = frozenset({Pass, Give})"),
    # a card of no material demanded, given, is refused for that (R-LEG-3)
    ("pool", "gtr_replay/engine/handlers/legionary.py", "        if other is not None:  # a card of no material demanded",
     "        if False:  # a card of no material demanded"),
    # the demander's forced pass is said in no set order with the forced answers (R-LEG-2, R-LEG-3)
    ("order", GAME, "else type(made) is Pass and made.player == demander", "else False"),
    # a pass after every spoil is taken is refused for that (B-DOMUSAUREA-1, AMB-20)
    ("spoils", "gtr_replay/engine/spent.py", "TearDown: (\"razed\",), Pass: (\"slain\", \"razed\", *_ACTIONS)}",
     "TearDown: (\"razed\",)}"),
    # an action past the player's count is refused for the count (R-ACT-3)
    ("allowance", "gtr_replay/engine/allowance.py", "    if type(decision) is Pass:\n        return _taken(had, False)\n", "    if False:\n        return _taken(had, False)\n"),
    ("allowance", "gtr_replay/engine/allowance.py", "taken = state.actions_used >= had.had", "taken = True"),
    ("allowance", "gtr_replay/engine/allowance.py", "taken = not any(type(f.decision) is Pass and f.decision.player == decision.player for f in forced)",
     "taken = True"),
    ("allowance", "gtr_replay/engine/allowance.py", "if state.phase is not Phase.ACTIONS or state.steps or role is None:",
     "if state.phase is not Phase.ACTIONS or role is None:"),
    ("allowance", "gtr_replay/engine/allowance.py", "if had.turn not in spent.turns_explained(state, state.index(decision.player), type(decision)):",
     "if False:"),
    ("allowance", "gtr_replay/engine/allowance.py", "    if had.had <= _COVERED.get(spent.noted(state, decision), had.had):  # the note says it all\n        return None",
     "    pass"),
    ("allowance", "gtr_replay/engine/allowance.py", "if had is None or not had.all_taken or type(decision)", "if had is None or type(decision)"),
    ("allowance", "gtr_replay/engine/allowance.py", "return Allowance(state.turn, role, i == state.leader, played, clients,",
     "return Allowance(state.turn, role, True, played, clients,"),
    ("allowance", "gtr_replay/engine/allowance.py", "played = (player.plays or 1) if player.played else 0", "played = 1"),
    ("allowance", "gtr_replay/engine/allowance.py", "        elif not (had := allowance(state, i)).had:", "        elif False:"),
    ("allowance", "gtr_replay/engine/allowance.py", "        if p.played:\n            continue", "        if False:\n            continue"),
    ("allowance", GAME, "        if not acting and state.phase is Phase.ACTIONS:\n", "        if False:\n"),
    ("allowance", GAME, "return problem if reason is None else core.with_reason(problem, decision, reason)",
     "return problem"),
    ("allowance", "gtr_replay/engine/spent.py", "    if state.phase is Phase.LEAD or state.phase is Phase.FOLLOW:\n        return ()",
     "    if state.phase is Phase.LEAD:\n        return ()"),
    # several instant wins at once are decided by the points, and the result says so (R-SCORE-4, R-SCORE-3)
    ("wins", "gtr_replay/engine/scoring.py", "        if len(together) < 2:\n", "        if True:\n"),
    ("wins", "gtr_replay/engine/scoring.py", "        if len(together) < 2:\n", "        if len(together) < 1:\n"),
    ("wins", "gtr_replay/engine/scoring.py", "return [i for i in range(len(state.players)) if rules.winning_power(state, i) is not None]",
     "return list(range(len(state.players)))"),
    # a player's view does not tell that another player's decision was their only choice (RULES.md §0.5)
    ("seat", "gtr_replay/render/narration.py", "forced = snap.forced and (viewer is None or snap.player == viewer)",
     "forced = snap.forced"),
    # actions of the role a power granted, and the notes that say it all, leave the count untold (R-ACT-3)
    ("allowance", "gtr_replay/engine/allowance.py", "or stepped == had.turn:", "or False:"),
    ("allowance", "gtr_replay/engine/allowance.py", '{None: -1, "petition": 1, "out-of-town": 2}', '{None: -1, "petition": 1, "out-of-town": 3}'),
    ("allowance", "gtr_replay/engine/allowance.py", '{None: -1, "petition": 1, "out-of-town": 2}', '{None: -1, "petition": 2, "out-of-town": 2}'),
    ("allowance", "gtr_replay/engine/allowance.py", "if any(kind is not Pass and kind in kinds for kind in step.answers()):", "if False:"),
    ("allowance", "gtr_replay/engine/allowance.py", "if any(kind is not Pass and kind in kinds for kind in step.answers()):",
     "if any(kind in kinds for kind in step.answers()):"),
    ("allowance", ROLES, 'player.spent.pop("hired", None)  # a power lets it act at once', 'pass  # a power lets it act at once'),
    # a '?' sold from no source is refused for the source (R-MER-1), a '?' shown to the table for the '?'
    ("places", GAME, "if unseen.names_unseen(decision) and UNSEEN in problem.message:", "if unseen.names_unseen(decision):"),
    ("places", GAME, "if unseen.names_unseen(decision) and UNSEEN in problem.message:",
     "if unseen.names_unseen(decision) and UNSEEN not in problem.message:"),
]

EQUIVALENT: dict[int, str] = {
    307: "the theft's candidates are checked by _payment_problem, which asks the same worth and the same spare "
         "Site of the Sites given: payments() only spares building the ones it would refuse",
    308: "as 307: a payment with a Site to spare is refused by _payment_problem whatever payments() lets through",
    187: "the only caller that asks a leader's plays as one role is the Palace's search (play._several), which "
         "keeps only the options of that role; the power still answers as its contract says",
    72: "every power's play_options yields only plays its own allows_play accepts (powers/plays.py: a single card as "
        "Architect, two cards of one role, a leader's single card as any role), so a play a power adds is legal "
        "as built; the check stays for a power written later",
    28: "a Retire of clients hired this turn is only ever granted for one client (the Bath's new client, after its "
        "action or its demand), so no chained Retire carries hired=True: passing it on or not gives the same steps",
    36: "with count 1, Retire.after then gives a Retire of count 0, which Triclinium._offer never grants (its count "
        "guard): the same steps",
    41: "the callers that take the default ask about a statement at the start of a later turn, or one that restates "
        "a forced step; neither meets an optional step to pass over (a turn opens with the leader's lead or think, "
        "which no pass answers), so passing over or not gives the same answer",
    43: "forced steps are kept only until the next written decision; between two written gives no demand is made "
        "(an action is never forced: a pass always answers it, R-TURN-7), so every kept give answers the demand "
        "under way, to its demander and in its turn, and the one forced pass among them is that demander's, "
        "closing the takes from the Pool: the filter on demander and turn keeps the same steps",
    44: "as 43: every kept give answers the demand under way, so its receiver is always the written give's",
    45: "as 43: every kept step was made after the last written decision, in the turn of the demand under way",
    49: "a player's step the engine made, followed by a step of the same player and kind with no written decision "
        "between, would need the state to change in between by forced steps alone; without the early return the "
        "loop finds no such step and returns the same refusal (the whole engine and replay suite passes with this "
        "mutant and 41, 43 and 52 together)",
    50: "a forced pass checks its own player (the prompt it answered must be the decision's player's); a forced give "
        "of the other neighbour is checked in a state where the answers to one demand are set in no order "
        "(R-LEG-3), so the decision is refused there for the same reason, with the same words",
    281: "as 43: the steps kept beside the one restated answer are the demand under way's, the other answers, "
         "whose demander every one of them names, and its demander's pass: the filter on both keeps the same steps",
    52: "as 43: the forced gives kept answer the demand under way, whose demander a written give names (a 'Glory "
        "to Rome' is read as a give to the demander): the receiver always matches",
    161: "no rule takes a card out of a vault (its cards stay there until they are uncovered at the end, R-VAULT-3), "
         "so no event has the vault as its source and the points are counted again as often without it; it stays "
         "for a power written later",
    222: "every prompt that offers a draw from the deck also offers a pass or another decision (a pass always "
         "answers an action or a step a player may decline, R-TURN-7; cards turned up are seen, each a choice), so "
         "one choice as the player sees them is one legal decision: both tests skip the same statements",
}
"""Mutants (by index) that change no rule, and why."""


def _run(tree: Path, tests: tuple[str, ...]) -> bool:
    """Whether the tests pass on ``tree`` (a mutant survives when they do)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "GTR_PURE_PYTHON": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                           *tests], cwd=tree, env=env, capture_output=True, text=True)
    return done.returncode == 0


def main(groups: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(".git", "__pycache__", "*.db", ".pytest_cache"))
        survivors = []
        for n, (group, path, old, new) in enumerate(MUTANTS):
            if groups and group not in groups:
                continue
            target = tree / path
            original = target.read_text("utf-8")
            if original.count(old) != 1:
                print(f"{n}: {path}: the line to mutate is not found once", flush=True)
                return 2
            target.write_text(original.replace(old, new), "utf-8")
            try:
                survived = _run(tree, GROUPS[group])
            finally:
                target.write_text(original, "utf-8")
            print(f"{n}: {'SURVIVED' if survived else 'killed'}  {path}: {old.strip()[:70]!r}", flush=True)
            if survived and n not in EQUIVALENT:
                survivors.append(n)
        print(f"{len(MUTANTS)} mutants, {len(MUTANTS) - len(survivors)} killed or equivalent, survivors: {survivors}")
        return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
