import React, { createElement, useContext, type ComponentProps, type MouseEvent } from 'react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { NavContext } from '@ionic/react';
import type {
  IonBackButton as IonBackButtonType,
  IonBadge as IonBadgeType,
  IonIcon as IonIconType,
  IonLabel as IonLabelType,
  IonList as IonListType,
  IonMenu as IonMenuType,
  IonMenuButton as IonMenuButtonType,
  IonMenuToggle as IonMenuToggleType,
  IonRefresher as IonRefresherType,
  IonRefresherContent as IonRefresherContentType,
} from '@ionic/react';
import {
  IonBackButton as BackButtonElement,
  defineCustomElement as defineBackButton,
} from '@ionic/core/components/ion-back-button.js';
import { IonBadge as BadgeElement, defineCustomElement as defineBadge } from '@ionic/core/components/ion-badge.js';
import { IonIcon as IconElement, defineCustomElement as defineIcon } from '@ionic/core/components/ion-icon.js';
import { IonLabel as LabelElement, defineCustomElement as defineLabel } from '@ionic/core/components/ion-label.js';
import { IonList as ListElement, defineCustomElement as defineList } from '@ionic/core/components/ion-list.js';
import { IonMenu as MenuElement, defineCustomElement as defineMenu } from '@ionic/core/components/ion-menu.js';
import {
  IonMenuButton as MenuButtonElement,
  defineCustomElement as defineMenuButton,
} from '@ionic/core/components/ion-menu-button.js';
import {
  IonMenuToggle as MenuToggleElement,
  defineCustomElement as defineMenuToggle,
} from '@ionic/core/components/ion-menu-toggle.js';
import {
  IonRefresher as RefresherElement,
  defineCustomElement as defineRefresher,
} from '@ionic/core/components/ion-refresher.js';
import {
  IonRefresherContent as RefresherContentElement,
  defineCustomElement as defineRefresherContent,
} from '@ionic/core/components/ion-refresher-content.js';

/**
 * Ionic components the event home does not show, wrapped here rather than taken from @ionic/react:
 * that package is one module, so anything imported from it anywhere lands in the first load.
 * Imported from this file, they arrive with the screens that use them. Same wrapper, same types.
 * The form controls (checkbox, toggle) are in ionicControls.ts, so browsing the catalog does
 * without them.
 */
export const IonRefresher = /*@__PURE__*/ createComponent({
  tagName: 'ion-refresher',
  elementClass: RefresherElement,
  react: React,
  events: {
    onIonRefresh: 'ionRefresh',
    onIonPull: 'ionPull',
    onIonStart: 'ionStart',
    onIonPullStart: 'ionPullStart',
    onIonPullEnd: 'ionPullEnd',
  },
  defineCustomElement: defineRefresher,
}) as unknown as typeof IonRefresherType;

export const IonRefresherContent = /*@__PURE__*/ createComponent({
  tagName: 'ion-refresher-content',
  elementClass: RefresherContentElement,
  react: React,
  events: {},
  defineCustomElement: defineRefresherContent,
}) as unknown as typeof IonRefresherContentType;

/**
 * @ionic/core's own ion-icon (the one its input and item already define), not @ionic/react's, which
 * brings a second copy of the component runtime from the ionicons package.
 */
export const IonIcon = /*@__PURE__*/ createComponent({
  tagName: 'ion-icon',
  elementClass: IconElement,
  react: React,
  events: {},
  defineCustomElement: defineIcon,
}) as unknown as typeof IonIconType;

export const IonList = /*@__PURE__*/ createComponent({
  tagName: 'ion-list',
  elementClass: ListElement,
  react: React,
  events: {},
  defineCustomElement: defineList,
}) as unknown as typeof IonListType;

export const IonLabel = /*@__PURE__*/ createComponent({
  tagName: 'ion-label',
  elementClass: LabelElement,
  react: React,
  events: {},
  defineCustomElement: defineLabel,
}) as unknown as typeof IonLabelType;

export const IonBadge = /*@__PURE__*/ createComponent({
  tagName: 'ion-badge',
  elementClass: BadgeElement,
  react: React,
  events: {},
  defineCustomElement: defineBadge,
}) as unknown as typeof IonBadgeType;

export const IonMenu = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu',
  elementClass: MenuElement,
  react: React,
  events: {
    onIonWillOpen: 'ionWillOpen',
    onIonWillClose: 'ionWillClose',
    onIonDidOpen: 'ionDidOpen',
    onIonDidClose: 'ionDidClose',
  },
  defineCustomElement: defineMenu,
}) as unknown as typeof IonMenuType;

export const IonMenuButton = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu-button',
  elementClass: MenuButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineMenuButton,
}) as unknown as typeof IonMenuButtonType;

export const IonMenuToggle = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu-toggle',
  elementClass: MenuToggleElement,
  react: React,
  events: {},
  defineCustomElement: defineMenuToggle,
}) as unknown as typeof IonMenuToggleType;

const BackButton = /*@__PURE__*/ createComponent({
  tagName: 'ion-back-button',
  elementClass: BackButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineBackButton,
});

/** As @ionic/react's: back through the Ionic router (to defaultHref when there is no history). */
export function IonBackButton(props: ComponentProps<typeof IonBackButtonType>) {
  const nav = useContext(NavContext);
  const back = (e: MouseEvent<HTMLElement>) => {
    if (e.target instanceof Element && e.target.closest('ion-nav') !== null) return;
    if (nav.hasIonicRouter()) {
      e.stopPropagation();
      nav.goBack(props.defaultHref, props.routerAnimation);
    } else if (props.defaultHref !== undefined) {
      window.location.href = props.defaultHref;
    }
  };
  return createElement(BackButton, { onClick: back, ...props });
}
