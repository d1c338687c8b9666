"""Rulings: each ambiguity of the rules that changes what the engine does, as a named option.

Every ruling has readings; the default is the one the rules digest recommends (AMB-*). A
game names the rulings it departs from (`[Rulings "deck-end=empty-draw"]`); the rest keep
their defaults. `docs/RULINGS.md` and `gtr rulings` list this table; `ruling_types.py`, generated
from it, gives each ruling a StrEnum of its readings and a game's readings a typed value
(`Rulings`, what ``resolve`` makes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from gtr_replay.errors import UnknownNameError
from gtr_replay.data.ruling_types import Rulings


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read an ambiguous rule, with the texts that support it."""

    name: str
    description: str
    texts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """A named option for one ambiguity (AMB-*), with its default reading first."""

    name: str
    amb: str
    question: str
    readings: tuple[Reading, ...]

    @property
    def default(self) -> str:
        return self.readings[0].name

    def reading(self, name: str) -> Reading:
        for reading in self.readings:
            if reading.name == name:
                return reading
        choices = ", ".join(r.name for r in self.readings)
        raise UnknownNameError(f"unknown reading {name!r} of ruling {self.name!r}", hint=f"use one of: {choices}")


def _r(name: str, description: str, *texts: str) -> Reading:
    return Reading(name, description, texts)


RULINGS: tuple[Ruling, ...] = (
    Ruling("deck-end", "AMB-01", "When does the game end once the draw deck runs out?", (
        _r("last-card", "The game ends the moment the last card leaves the deck; the action or think whose draw "
           "took it completes (a classic Foundry's Laborer action still takes its card from the Pool, "
           "BC-FOUNDRY-1), and an instant win it makes true wins (B-FORUM-1).",
           "000§ENDING THE GAME and 001§Ending the Game: the deck running out ends the game, immediately."),
        _r("empty-draw", "The game ends only when a player must draw and the deck is already empty.",
           "G-BACCHANALIA-2 treats revealing exactly the cards left as legal, which suggests an empty deck alone does not end the game."),
    )),
    Ruling("last-site", "AMB-02", "Which claimed Site ends a Black Box game?", (
        _r("all-materials", "The foundation that claims the last in-town Site of all materials together ends the game.",
           "000§ENDING THE GAME: the last Site that is not out of town.",
           "000§Appendix III›Triclinium: the last in-town Site 'in the game' ends it; 000§…›Tower plays on with no Stone Sites left in town."),
        _r("any-material", "The foundation that claims the last in-town Site of any one material ends the game.",
           "A reading of 'the last Site card' per stack, as the third-party summary (003) has it."),
    )),
    Ruling("short-refill", "AMB-03", "May a Thinker refill when the deck holds fewer cards than needed?", (
        _r("draw-remaining", "The refill takes every card left and empties the deck, which ends the game under "
           "deck-end=last-card; under deck-end=empty-draw the game goes on until a player must draw.",
           "000§THINKING: a refill must reach the refill size; with the deck short, drawing all that is left is the closest the player can come."),
        _r("forbidden", "A refill the deck cannot complete is not allowed; the player takes a Jack or draws one card.",
           "000§THINKING: 'You may not fill your hand partially.'"),
    )),
    Ruling("out-of-town", "AMB-04", "May an out-of-town Site be used while in-town Sites of its material remain?", (
        _r("after-in-town", "Only once the in-town Sites of that material are gone.",
           "R-BUILD-2(1) read as in town first; the 000 Tower example is set up with no Stone Sites left in town.",
           "The 2007 rulebook the Black Box reprints allows out-of-town Sites only after the in-town ones of that material."),
        _r("any-time", "At any time, paying the higher cost in actions.",
           "000§Out of Town Sites names only the cost of two consecutive actions."),
    )),
    Ruling("out-of-town-cost", "AMB-05", "How do the two actions of an out-of-town foundation work?", (
        _r("two-adjacent", "Laying out of town is one move that uses two of the player's remaining actions of the role, this turn.",
           "000§Out of Town Sites: two consecutive Architect or Craftsman actions in the same turn."),
        _r("one-action", "House reading: out of town costs one action like in town; offered for groups that play it so, not supported by the text.",
           "None of 000/001/002; listed so a record of such a game can still be checked."),
    )),
    Ruling("out-of-town-pair", "AMB-05", "Do an Architect action and a Craftsman action in a row make the two consecutive actions of an out-of-town foundation?", (
        _r("same-role", "No: the two consecutive actions are both Architect actions or both Craftsman actions; where each comes from (a lead, a client, a power) makes no difference.",
           "000§Out of Town Sites: 'Without a Client of the matching Role, it is normally not possible to build outside of town': the second action is one of the same role as the first."),
        _r("architect-or-craftsman", "Yes: any two consecutive actions that are each an Architect or a Craftsman action, in either order.",
           "000§Out of Town Sites: 'you must perform two consecutive Architect or Craftsman actions on the same turn' names both roles together."),
    )),
    Ruling("leader-draw", "AMB-06", "What is compared alphabetically to find the first leader?", (
        _r("building-name", "The building names, ignoring case, with a space sorting before any letter.",
           "000§Determining Starting Player: the player whose card comes first in the alphabet."),
        _r("role-name", "The role names printed on the cards; equal roles tie.",
           "AMB-06 asks whether 'card' means the building name or something else on the card."),
    )),
    Ruling("leader-tie", "AMB-07", "Who receives the extra cards that break a tie in the leader draw?", (
        _r("tied-players", "Each tied player gets one more card; only the new cards are compared, again while tied.",
           "001§Set-Up: deal more cards to the tying players."),
        _r("all-players", "Every player gets one more card and the new cards decide among all of them.",
           "000§Determining Starting Player says extra cards are dealt into the Pool without saying to whom."),
    )),
    Ruling("final-tie", "AMB-08", "How is a tie in victory points broken?", (
        _r("hand-then-shared", "Most cards in hand, Jacks included, wins; a tie after that is a shared win.",
           "000§SCORING AND WINNING and 001§Winning the Game: the tied player with most cards in hand wins.",
           "Jacks count as hand cards in the School examples (R-CARD-6)."),
        _r("orders-then-shared", "Most Order cards in hand wins (Jacks not counted); a tie after that is a shared win.",
           "Jacks are not Order cards (R-CARD-6), so 'cards' may mean Order cards only."),
    )),
    Ruling("legionary-pool", "AMB-09", "How many Pool cards does a Legionary take?", (
        _r("per-demand", "At most one Pool card for each demanded card.",
           "000§DEMANDING MATERIALS step 3: take one; the 000 Colosseum example takes two Marble for two demands."),
        _r("per-turn", "At most one Pool card for the player's whole Legionary demand this turn.",
           "A literal reading of 'take one' once per demand announcement."),
    )),
    Ruling("legionary-give", "AMB-10", "Who chooses the card a neighbour gives to a Legionary?", (
        _r("giver-chooses", "The giving player chooses among their matching cards.",
           "001§Legionary Role: the giver chooses which card to give."),
        _r("demander-chooses", "The demanding player chooses from the matching cards the giver must show.",
           "000§DEMANDING MATERIALS is silent on who chooses."),
    )),
    Ruling("colosseum-clients", "AMB-11", "How many clients does a Colosseum (classic: Coliseum) take from each victim?", (
        _r("per-demand", "For each demanded card, at most one client of its material from each victim; in classic too, where the text does not say 'matching'.",
           "000§…›Colosseum: 'When executing a Legionary action ... you may take matching Client cards'; one action, one demanded card.",
           "000§…›Colosseum example: demanding Brick and Stone takes Right's Legionary and Merchant clients and Left's Legionary client.",
           "001§…›Coliseum: 'take cards from the Clienteles of every opponent from which you demand materials'; its example takes the same, matching, clients."),
        _r("all-matching", "Every client of a demanded material, from every victim, while the vault has room.",
           "000§…›Colosseum: 'take matching Client cards from your opponents' Clienteles' sets no count; the example fits it too."),
        _r("any-client", "Classic, as printed: any clients, of a demanded material or not, from each opponent demanded "
           "from, while the vault has room; the Black Box Colosseum, whose text says matching, takes one per "
           "demanded card.",
           "001§…›Coliseum: 'You may take cards from the Clienteles of every opponent from which you demand "
           "materials' (no 'matching'); 'If you have room for some but not all, you choose which clients are slain'."),
    )),
    Ruling("colosseum-palisade", "B-COLOSSEUM-4", "Does a Colosseum (classic: Coliseum) take clients from an opponent "
           "whose Palisade its owner's Bridge passes?", (
        _r("bridge-passes", "Yes: the Colosseum takes from every opponent the demand reaches, and a Bridge's demand "
           "passes a Palisade; a Wall still guards its owner's clients.",
           "001§…›Coliseum: 'You may take cards from the Clienteles of every opponent from which you demand "
           "materials'; 001§…›Bridge: 'you demand materials from all opponents' hands, even if they own "
           "Palisades'.",
           "000§…›Colosseum and 001§…›Coliseum: 'A Bridge expands the reach' of it."),
        _r("palisade-guards", "No: a Palisade always guards its owner's clients from an opponent's Colosseum; a "
           "Bridge takes it only to the opponents beyond the neighbours (four or five players).",
           "000§…›Colosseum: 'Palisades and Walls protect against an opponent's Colosseum'; 001§…›Coliseum: "
           "'Palisades protect against an opponent's Coliseum', with no exception for a Bridge."),
    )),
    Ruling("legionary-pool-optional", "AMB-12", "Must a Legionary take a matching Pool card?", (
        _r("optional", "Taking from the Pool is optional in every ruleset.",
           "000§DEMANDING MATERIALS: the Legionary may take one."),
        _r("as-worded", "Each rulebook's wording: required in classic, optional in the Black Box rules.",
           "001§Legionary Role: if there is a matching material in the Pool, take it (no 'may')."),
    )),
    Ruling("domus-aurea-count", "AMB-20", "How many buildings does a Domus Aurea tear down from each victim?", (
        _r("per-demand", "One per demanded card: for each card shown, one empty building of its material from each victim.",
           "000§…›Domus Aurea: 'When executing a Legionary action ... you can also choose an incomplete building from each of your victims'; each demanded card is one Legionary action (R-LEG-6)."),
        _r("one-per-victim", "One building from each victim for the whole demand, of any demanded material.",
           "000§…›Domus Aurea: 'an incomplete building from each of your victims', read once per demand."),
    )),
    Ruling("think-hand", "AMB-22", "Do Jacks count toward the hand size a Thinker compares with the refill size?", (
        _r("all-cards", "Yes: every card in hand counts, Jacks included.",
           "001§Appendix›School and 000§…›School count Jacks toward the hand (R-CARD-6)."),
        _r("orders-only", "No: only Order cards count.",
           "The refill draws Order cards, and Jacks are not Order cards (R-CARD-6)."),
    )),
    Ruling("refill-size", "AMB-23", "Is the refill size also a hand limit?", (
        _r("refill-only", "No: it only sets how far a refill draws; a Thinker above it may still draw one card.",
           "000§THINKING: draw one card when at or above the refill size; 001§…›Academy leaves a player above the maximum."),
        _r("maximum", "Yes: a player holding more cards than the refill size may not draw; only a Jack may be taken "
           "(with none left, a follower who has nothing to follow with draws one card).",
           "001 calls it 'maximum hand size'."),
    )),
    Ruling("public-copy", "B-STAIRWAY-2", "Does a foundation the Gate wakes count as owning a structure of its name, so a public one of the same name gives no second copy?", (
        _r("one-copy", "Yes: a foundation whose function works (woken by the Gate) is owned for B-STAIRWAY-2, so its function applies once.",
           "000§…›Stairway: players that already own a Structure of the public Structure's name do not get a second copy of its Function.",
           "000§…›Gate: you gain the functions of your Marble structures as soon as their foundations are laid."),
        _r("two-copies", "No: only a completed structure counts as owning the name; a woken foundation and the public structure both work.",
           "000§…›Stairway names a Structure, and a foundation is not a structure until complete (R-BUILD-8)."),
    )),
    Ruling("also-step", "B-STAIRWAY-1", "Is a step an action may 'also' take (the Stairway's placement) still offered "
           "after the actions that action's completion started (a Foundry's Laborer actions)?", (
        _r("after-burst-too", "Yes: it is offered at once and, if not taken then, again once those actions are "
           "over; the action is not over until what its completion started is.",
           "000§Appendix I›Stairway: 'Each time you execute an Architect action you may also choose to move an "
           "appropriate Material into any opponent's completed Structure'; the rulebook sets no moment within the "
           "action, and a card gathered by the burst may be the one to place."),
        _r("at-once", "No: it is offered only at once, before those actions; declining it then declines it.",
           "000§Appendix I›Foundry: 'When you complete a Foundry, at this time once only, you may perform one "
           "Laborer action for each point of Influence': the burst comes at the completion, and the placement, "
           "offered where the Architect action is done, before it."),
    )),
    Ruling("public-statue", "B-STATUE-4", "Does an opponent's Statue made public by a Stairway give every player its 3 points?", (
        _r("owner-only", "No: the 3 points are for the player whose Statue it is; a public Statue gives the others nothing at the end.",
           "000§…›Statue: 'At the end of the game, if your Statue has been completed, you gain three extra Victory Points'."),
        _r("every-player", "Yes: a public Statue's function works for every player who owns no Statue, its 3 points included.",
           "000§…›Stairway: moving a material into an opponent's structure grants 'that Structure's function to all players'."),
    )),
    Ruling("bridge-stockpile", "AMB-13", "Does a Bridge take a material from victims' stockpiles at two and three players too?", (
        _r("every-count", "Yes: each victim gives a matching material from the stockpile as well as from the hand, at any player count.",
           "000§…›Bridge: the stockpile sentence stands apart from the one on four- or five-player games."),
        _r("four-or-five", "No: only in a four- or five-player game, where the Bridge reaches every opponent.",
           "000§…›Bridge: the stockpile sentence follows the four- or five-player one."),
    )),
    Ruling("forum-foundation", "AMB-15", "Does a Forum (Romanum) foundation whose function a Gate wakes win the game?", (
        _r("counts", "Yes: its function is active, so the win is checked for it like for a completed Forum.",
           "000§…›Gate: the functions of your Marble structures are active as soon as their foundations are laid.",
           "000§…›Forum: you win immediately whenever you have a Client of each type."),
        _r("completed-only", "No: only a completed Forum (Romanum) wins.",
           "000§ENDING THE GAME: a player has a completed Forum Romanum."),
    )),
    Ruling("academy-timing", "AMB-14", "When does the Academy's Thinker action come, beside the other end-of-turn powers?", (
        _r("end-of-turn", "After every player's actions: first the keeps (Senate, Sewer) in play order, then the "
           "Thinker actions (Academy) in play order, then the played cards return.",
           "000§…›Academy: 'after any turn in which you execute …'; a turn is the leader's, with every follower's actions.",
           "The order among end-of-turn powers is in none of 000/001/002; this order keeps every card a keep may take "
           "in play until it is kept."),
        _r("after-own-actions", "Right after the owner's own actions (clients included), before the next player acts; "
           "the keeps still come at the end of the turn.",
           "000§…›Academy example: 'You activate your Academy and draw two more Order cards, ending your turn with "
           "five cards', read as the owner's part of the turn."),
    )),
    Ruling("palace-petitions", "AMB-26", "With a Palace, which petitions count as one card of a play of several?", (
        _r("every-group", "Each petition counts as one card, whatever makes it one: the ruleset's petition or a Circus's pair of two.",
           "000§…›Palace: 'You may lead or follow with any cards of the same Role including Jacks and execute one action for each card played'.",
           "000§PETITIONING: two Order cards of one role played 'as a Jack'; 000§…›Circus: 'You may play two cards of the same Role as a Jack': either is as good as one card of the role."),
        _r("ruleset-size", "Only a petition of the ruleset's own size (two in the Republic, three in the Imperium) counts as one card; a Circus's pair is a play of its own.",
           "000§APPENDIX II: an Imperium petition takes three cards; the Circus lets two be played as a Jack, read as a lead or follow of their own."),
    )),
    Ruling("any-site-out-of-town", "AMB-28", "May a foundation that may go on any Site (the Statue) take an out-of-town Site of another material?", (
        _r("out-of-town-too", "Yes: 'any Site' includes the out-of-town ones, with two actions (one with a Tower).",
           "000§…›Statue: its foundation may be laid on any Site."),
        _r("in-town-only", "No: a Site of another material than its own only in town.",
           "000§…›Statue's example lays it on an in-town Site; out-of-town Sites are a separate rule (R-BUILD-3)."),
    )),
    Ruling("merchant-bonus", "AMB-40", "Who gets a Merchant bonus when players tie for most cards of a material?", (
        _r("no-ties", "Only a single player with strictly most cards (at least one) gets it; a tie gives it to nobody.",
           "000§Merchant Bonuses and 001§Merchant Bonuses: the player with the most; a tie awards nobody."),
        _r("ties-share", "House reading: every tied player with at least one card gets it.",
           "Not in the rulebooks; offered for groups that play it so."),
    )),
    Ruling("classic-sewer", "AMB-34", "What does the classic Sewer do, its 2005 text being the Vomitorium's word for word?", (
        _r("as-printed", "As printed: before a Thinker action its owner may discard the whole hand, as with a Vomitorium.",
           "001§Appendix›Sewer: 'You may discard all the cards from your hand before you execute the Thinker role'; "
           "its example discards three Patrons and a Jack, then draws five."),
        _r("black-box", "As the Black Box card: at the end of each turn its owner may put the Order cards they "
           "played into the stockpile.",
           "CONFLICT-CL-1: the text and example repeat the Vomitorium's, likely an editing slip; 000§Appendix I›Sewer "
           "prints the card's function."),
    )),
    Ruling("classic-stairway", "AMB-35", "What does the classic Stairway do, its 2005 text and example disagreeing?", (
        _r("as-printed", "As its text: an Architect action that puts a material into one of its owner's buildings "
           "completes that building.",
           "001§Appendix›Stairway: 'You complete a structure whenever you move a material into the structure's "
           "foundation using the Architect role. This Function is active immediately.'"),
        _r("public-structures", "As its example: each Architect action may also put a material into an opponent's "
           "structure, which becomes public, as the Black Box Stairway does.",
           "001§…›Stairway example: 'You place the Brick from your Stockpile into your opponents Archway, making the "
           "Function available to everyone' (CONFLICT-CL-2; 000§Appendix I›Stairway)."),
    )),
    Ruling("school-thinks", "AMB-37", "Which Thinker actions does the classic School double?", (
        _r("every-think", "Every one, those other powers grant (Academy, Senate) included; the second of two is "
           "not doubled again.",
           "001§Appendix›School: 'Whenever you would execute the Thinker role, you execute the Thinker role twice. "
           "This effect is not circular.'"),
        _r("own-think", "Only the think taken instead of leading or following; the Academy's and the Senate's "
           "are taken once.",
           "001§Game Play: a player leads or thinks, and each other player follows or thinks: 'not circular' read "
           "as leaving the other powers' thinks alone."),
    )),
    Ruling("senate-think", "BC-SENATE-1", "Does the classic Senate give a think after a turn in which its owner, "
           "as leader, thought instead of leading a card?", (
        _r("led-a-role", "No: only after a turn in which the owner led a role with a card.",
           "001§Appendix›Senate: 'after executing all your roles for a turn which you led'; 001§Game Play: the "
           "leader may either think or lead an Orders card."),
        _r("any-lead", "Yes: a leader who thinks 'leads the Thinker role', and the Senate's think follows it.",
           "001§Thinker Role: 'If on your turn as leader you choose to lead the Thinker role instead of leading a "
           "role card from your hand'."),
    )),
    Ruling("prison-theft", "BC-PRISON-1", "Must a classic Prison take a structure on completion, where an "
           "opponent has one it may take?", (
        _r("as-printed", "Yes, as the 2005 text prints it (no 'may'); a pass is refused while some structure may be "
           "taken, and where only one may be, it is taken at once.",
           "001§Appendix›Prison: 'Upon completion of the Prison you choose a completed structure owned by an "
           "opponent and place it on top of your Prison' (no 'may')."),
        _r("may-decline", "No: its owner may decline it, as the Black Box Prison's owner may (000's 'may' read into the 2005 card).",
           "000§…›Prison: 'When you complete a Prison, you may immediately choose a completed Structure owned "
           "by an opponent'."),
    )),
    # The optional Geek cards (000§Appendix III)
    Ruling("watch-post-site", "AMB-31", "What becomes of the Site of a structure a Watch Post tears down?", (
        _r("returns", "It leaves its owner's influence for the supply in town, wherever it was claimed; the "
           "building's Influence is lost, and building it again claims a Site again.",
           "000§Appendix III›Watch Post: 'immediately return the building foundation to your hand and put any "
           "Materials from the building into your Stockpile'; nothing stays of the building.",
           "Its example lays the Domus again and completes it again: the returned Site is there for it."),
        _r("returns-where-claimed", "It leaves its owner's influence for the stack it was claimed from, in town or "
           "out of town; the building's Influence is lost.",
           "000§Appendix III›Watch Post says nothing of the Site: put back as it was taken, an out-of-town Site "
           "is not one a foundation may claim in town."),
        _r("keeps", "It stays in its owner's influence; only the foundation and the materials move.",
           "000§Appendix III›Watch Post names only the foundation and the materials; the Site is not said "
           "to move."),
    )),
    Ruling("aerarium-checks", "AMB-42", "Does a Bacchanalia's count of cards use the highest Influence an Aerarium gives?", (
        _r("every-check", "Yes: every check of one's Influence but final scoring uses the highest of all "
           "players': the limits, the actions per point of Influence, a Bacchanalia's cards.",
           "000§Appendix III›Aerarium: 'Whenever you check your Influence (except during scoring at the end "
           "of the game), you instead use the highest Influence among all players.'",
           "Its example: 'the School's power allows him to perform 12 Thinker actions, rather than just 9.'"),
        _r("bacchanalia-own", "No: a Bacchanalia tallies its owner's own Influence; the limits and the actions "
           "per point of Influence still use the highest.",
           "000§Appendix III›Bacchanalia: 'add its 3-Influence Site to your Influence and then tally your "
           "Influence', the Site just added counted."),
    )),
    Ruling("aerarium-prison-sites", "C-AERARIUM-PRISON-1", "Which Sites may a Prison an Aerarium triggers again give for the structure it takes?", (
        _r("any-set", "Any set of Site cards of the influence worth 3 or more; the starting 2 Influence has "
           "no card and is never given.",
           "000§Appendix III›Aerarium and Prison: 'you must give away any set of Site cards from your Influence "
           "that sum to 3 or more total Influence. You cannot give away the 2 Influence you began the game "
           "with.'"),
        _r("no-spare", "Only a set none of whose Sites could be kept back with the rest still worth 3.",
           "Its second example gives the Aerarium's and the School's 2-Influence Sites, the least that reaches "
           "3; 'any set' read as any of the smallest."),
    )),
    Ruling("bacchanalia-ways", "G-BACCHANALIA-1", "May a Bacchanalia put several of its cards the same way (two into the stockpile, say)?", (
        _r("each-once", "No: each of the five ways (stockpile, clientele, vault, a new building, a building in "
           "progress) takes one card at most; the other cards go to the hand.",
           "000§Appendix III›Bacchanalia: 'One at a time, you may do any subset of the following actions', "
           "each listed as 'add one of the cards'.",
           "Its example puts one card each way and the last into the hand."),
        _r("any-number", "Yes: each card may go any of the five ways, as often as the player likes.",
           "'One at a time' read as each card choosing among the ways, the list naming ways, not actions."),
    )),
    Ruling("plebian-council-check", "AMB-33", "When is the Plebian Council's win checked?", (
        _r("continuous", "Whenever it could become true while the Plebian Council is complete.",
           "000§Appendix III›Plebian Council's example wins 'later in the same turn', when a Domus brings a "
           "sixth Laborer after the completion did not win."),
        _r("on-completion", "Only when the Plebian Council is completed.",
           "000§Appendix III›Plebian Council: 'Once this building is complete, you immediately win the game if "
           "both of its conditions are met', read as the moment it completes."),
    )),
    Ruling("plebian-council-clients", "AMB-17", "Toward a Plebian Council, does a client a Storeroom lets act as a Laborer count as a Laborer and as its own role?", (
        _r("both-roles", "Yes: it counts as a Laborer and as its own role (a Ludus Magna's Merchant as every role).",
           "000§Appendix III›Plebian Council example: 'Romulus's Legionary Clients count as both Laborers and "
           "legionaries (because of the storeroom)' (CONFLICT-GK-4)."),
        _r("instead-of", "No: a client that may act as a Laborer counts as a Laborer only.",
           "000§…›Storeroom: a client acts as a Laborer instead of its own role; C-FORUM-STOREROOM-1: never "
           "both at once."),
    )),
    Ruling("training-game", "AMB-30", "Is the game the Black Box rules' training game (R-TRAIN)?", (
        _r("no", "The full game.", "000§GAME PLAY: the training game is for the first time a group plays."),
        _r("yes", "The training game: building functions are ignored (a completed building still gives its "
           "Influence), so no Catacomb or Forum Romanum ends the game; at most three Sites of each material "
           "in town, the rest out of town; half the draw pile, rounded down, set aside unseen after the "
           "starting pool is drawn. The Black Box rules only: the 2005 rules have no training game.",
           "000§…›Starting Pool, Training Game: 'use at most three of each Site card and remove half the draw "
           "pile from play' (R-SETUP-13, R-TRAIN-2; AMB-30 recommends capping the in-town stacks and "
           "rounding down).",
           "000§Benefits of Completing a Structure, Training Game: 'Ignore the special Function … you still "
           "gain the additional Influence' (R-TRAIN-1, R-TRAIN-3)."),
    )),
)

BY_NAME: dict[str, Ruling] = {ruling.name: ruling for ruling in RULINGS}
DEFAULTS: dict[str, str] = {ruling.name: ruling.default for ruling in RULINGS}


def find_ruling(name: str, reading: str | None = None) -> Ruling:
    """The ruling ``name`` names, or its AMB ID; where several rulings share the ID (AMB-05),
    the one with ``reading`` among its readings."""
    key = name.strip().casefold()
    if key in BY_NAME:
        return BY_NAME[key]
    shared = [ruling for ruling in RULINGS if ruling.amb.casefold() == key]
    if len(shared) > 1 and reading is not None:
        named = [ruling for ruling in shared if any(r.name == reading for r in ruling.readings)]
        if len(named) != 1:
            raise UnknownNameError(f"{name} has several rulings, and {reading!r} is not a reading of one of them",
                                   hint="name the ruling: " + ", ".join(f"{r.name} ({', '.join(x.name for x in r.readings)})"
                                                                        for r in shared))
        return named[0]
    if shared:
        return shared[0]
    import difflib
    close = difflib.get_close_matches(key, list(BY_NAME), n=1)
    raise UnknownNameError(f"unknown ruling {name!r}",
                           hint=f"did you mean {close[0]!r}?" if close else "see `gtr rulings`")


_MADE: dict[tuple[str, ...], Rulings] = {}
"""Each set of readings resolved, made once: a ``Rulings`` is read-only, so every game played
under the same readings shares one (most share the defaults)."""


def resolve(chosen: Mapping[str, str] | str | None = None) -> Rulings:
    """Every ruling's reading: the defaults, overridden by ``chosen`` ('a=b, c=d' or a dict)."""
    if isinstance(chosen, str):
        pairs: list[tuple[str, str]] = []
        for part in filter(None, (p.strip() for p in chosen.split(","))):
            name, sep, value = part.partition("=")
            if not sep:
                raise UnknownNameError(f"ruling {part!r} has no reading", hint="write it as name=reading")
            if "=" in value or ";" in value:
                raise UnknownNameError(f"{part!r} holds more than one ruling", hint="separate the rulings with commas")
            pairs.append((name.strip(), value.strip()))
    else:
        pairs = list((chosen or {}).items())
    result = dict(DEFAULTS)
    given: dict[str, str] = {}
    for name, value in pairs:
        if not isinstance(value, str):
            raise UnknownNameError(f"the reading of ruling {name!r} is {value!r}, not a name",
                                   hint="give each ruling its reading's name, e.g. {'deck-end': 'empty-draw'}")
        if DEFAULTS.get(name) == value:  # a resolved reading passed on: nothing to look up
            found = value
        else:
            reading = value.strip().casefold()
            ruling = find_ruling(name, reading)
            name, found = ruling.name, ruling.reading(reading).name
        if given.get(name, found) != found:
            raise UnknownNameError(f"ruling {name!r} is given twice, as {given[name]!r} and {found!r}",
                                   hint="keep the one reading the game was played under")
        given[name] = result[name] = found
    key = tuple(result.values())  # every ruling, in DEFAULTS' order
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) > 256:  # a corpus of many readings: keep the memo small
            _MADE.clear()
        made = _MADE[key] = Rulings(result)
    return made
